"""Errors of the event services, each with a stable dotted code (docs/errors.md) and its facts:
``RecordInvalid`` ones are 400, ``RecordConflict`` ones 409, as for the match records."""

from __future__ import annotations

from games.errors import RecordConflict, RecordInvalid
from games.rules.errors import gettext_noop


class FormatNotPlayable(RecordInvalid):
    """An event whose game has no tables of the format's size (docs/events.md)."""

    code = "event.bad_format"
    template = gettext_noop("{game} cannot be played as {format}: it needs tables of {needs} players.")


class TiebreakUnknown(RecordInvalid):
    """A tie-break the standings do not know."""

    code = "event.bad_tiebreak"
    template = gettext_noop("Unknown tie-break {name!r}; known: {known}.")


class ResultInvalid(RecordInvalid):
    """A director's result naming a side the table does not have, or places not listing every side once."""

    code = "result.invalid"
    template = gettext_noop(
        "Table {table} has {sides} sides: give a winner among them (or none for a draw), or every side"
        " once in its places."
    )


class EntriesClosed(RecordConflict):
    """An entry once half the planned rounds have started (a round robin: once its first has)."""

    code = "event.entries_closed"
    template = gettext_noop("Entries are closed: {started} of the {rounds} rounds have started.")


class AlreadyEntered(RecordConflict):
    """Entering a player already entered."""

    code = "entry.exists"
    template = gettext_noop("{player} is already entered in this event.")


class AlreadyDropped(RecordConflict):
    """Dropping a player who already dropped."""

    code = "entry.dropped"
    template = gettext_noop("{player} already dropped out before round {round}.")


class RoundOpen(RecordConflict):
    """Pairing the next round while a table of an earlier round has no result."""

    code = "event.round_open"
    template = gettext_noop(
        "{open} tables still have no result, the first table {table} of round {number}: the next round"
        " waits for every result."
    )


class ResultOutOfSync(RecordConflict):
    """A director's result set or withdrawn with an ``expected_version`` the table's result has moved past."""

    code = "result.out_of_sync"
    template = gettext_noop(
        "The result of table {table} was changed since you saw it (version {version}, not {got}): look at"
        " it again."
    )


class ResultNoOverride(RecordConflict):
    """Withdrawing a director's result where none stands."""

    code = "result.no_override"
    template = gettext_noop("Table {table} has no director's result to withdraw.")


class EventFinished(RecordConflict):
    """Pairing past the planned rounds, or bringing a player back once every round is paired."""

    code = "event.finished"
    template = gettext_noop("All {rounds} rounds of the event have been paired.")


class TooFewEntries(RecordConflict):
    """Pairing a round with fewer players than its tables seat."""

    code = "event.too_few_entries"
    template = gettext_noop("{players} players in the event cannot be seated at tables of {sizes}.")


class TooManyEntries(RecordInvalid):
    """An entry past the event's cap, ``EVENT_ENTRIES_MAX``."""

    code = "event.too_many_entries"
    template = gettext_noop("An event takes at most {limit} entries.")


class PairingRunning(RecordConflict):
    """Pairing, entering or dropping while a task pairs the event's next round."""

    code = "event.pairing_running"
    template = gettext_noop("Round {number} is being paired; wait until it is ready.")


class PairingLost(RecordConflict):
    """The error of a pairing job whose task did not finish: pair the round again."""

    code = "event.pairing_lost"
    template = gettext_noop("The pairing of round {number} did not finish; pair the round again.")


class TableCodeExpired(RecordConflict):
    """Opening a session with a table's code once the event has ended."""

    code = "table.code_expired"
    template = gettext_noop("The event has ended: the code of table {table} no longer opens its match.")


class ConfirmNotAsked(RecordConflict):
    """Confirming a result in an event that counts results without a confirmation."""

    code = "confirmation.not_asked"
    template = gettext_noop("This event counts results without a confirmation.")


class ConfirmUnfinished(RecordConflict):
    """Confirming the result of a table whose match is unfinished."""

    code = "confirmation.unfinished"
    template = gettext_noop("The match of table {table} is not finished: there is no result to confirm.")


class ConfirmSamePerson(RecordConflict):
    """Confirming a result from the account (or the table's code) that recorded the match last."""

    code = "confirmation.same_person"
    template = gettext_noop(
        "The result of table {table} was recorded from this phone or account: another person at the table"
        " confirms it."
    )


class RoundNotLast(RecordConflict):
    """Withdrawing, swapping in or repairing a round that is not the event's last."""

    code = "round.not_last"
    template = gettext_noop(
        "Only the last round, round {last}, can be repaired; round {number} is not the last."
    )


class RoundStarted(RecordConflict):
    """Withdrawing a round, or swapping a player of a table, where play has started."""

    code = "round.started"
    template = gettext_noop(
        "Round {number} has started: table {table} has a hand or a director's result, so it stays as it is."
    )


class RoundNothingToRepair(RecordConflict):
    """Repairing a round every table of which has started."""

    code = "round.nothing_to_repair"
    template = gettext_noop("Every table of round {number} has started: no table is left to pair again.")


class RoundFixedSchedule(RecordConflict):
    """Repairing a round of a round robin, whose rounds follow the schedule."""

    code = "round.fixed_schedule"
    template = gettext_noop("A round robin's rounds follow its schedule: swap players instead.")


class RoundCannotRepair(RecordConflict):
    """Repairing a round whose unstarted tables' players the pairing can seat at no table."""

    code = "round.cannot_repair"
    template = gettext_noop(
        "The {players} players of round {number}'s unplayed tables cannot be seated at tables of {sizes}:"
        " withdraw the round and pair it again."
    )


class RoundRepairTooLarge(RecordConflict):
    """Repairing a round whose unstarted tables hold more players than a request pairs."""

    code = "round.repair_too_large"
    template = gettext_noop(
        "{players} players are too many to pair again here: withdraw round {number} and pair it again."
    )


class SwapNotInRound(RecordInvalid):
    """Swapping a player who has no table or bye in the round."""

    code = "swap.not_in_round"
    template = gettext_noop("{player} has no table or bye in round {number}.")


class SwapNoChange(RecordInvalid):
    """Swapping two players of one side, or two byes."""

    code = "swap.no_change"
    template = gettext_noop(
        "Swapping {first} and {second} changes nothing: they sit on one side or both have a bye."
    )


class EntryNotDropped(RecordConflict):
    """Bringing back a player who has not dropped."""

    code = "entry.not_dropped"
    template = gettext_noop("{player} has not dropped out.")


class ClockMinutesNeeded(RecordInvalid):
    """Starting the round clock without minutes when none are set."""

    code = "event.clock_minutes"
    template = gettext_noop("The round clock is not set: say how many minutes it runs.")


class ClockNotRunning(RecordConflict):
    """Pausing the round clock when it is not running."""

    code = "event.clock_not_running"
    template = gettext_noop("The round clock is not running.")


class KeepApartInvalid(RecordInvalid):
    """A pair to keep apart that is not two different players entered in the event."""

    code = "event.keep_apart_invalid"
    template = gettext_noop("Keep apart two different players entered in this event; not: {players}.")
