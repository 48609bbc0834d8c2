"""Errors of the event services, each with a stable dotted code (docs/errors.md) and its facts:
``RecordInvalid`` ones are 400, ``RecordConflict`` ones 409, as for the match records."""

from __future__ import annotations

from games.errors import RecordConflict, RecordInvalid
from games.rules.errors import gettext_noop


class FormatNotPlayable(RecordInvalid):
    code = "event.bad_format"
    template = gettext_noop("{game} cannot be played as {format}: it needs tables of {needs} players.")


class TiebreakUnknown(RecordInvalid):
    code = "event.bad_tiebreak"
    template = gettext_noop("Unknown tie-break {name!r}; known: {known}.")


class ResultInvalid(RecordInvalid):
    code = "result.invalid"
    template = gettext_noop(
        "Table {table} has {sides} sides: give a winner among them (or none for a draw), or every side"
        " once in its places."
    )


class EntriesClosed(RecordConflict):
    code = "event.entries_closed"
    template = gettext_noop("Entries are closed: {started} of the {rounds} rounds have started.")


class AlreadyEntered(RecordConflict):
    code = "entry.exists"
    template = gettext_noop("{player} is already entered in this event.")


class AlreadyDropped(RecordConflict):
    code = "entry.dropped"
    template = gettext_noop("{player} already dropped out before round {round}.")


class RoundOpen(RecordConflict):
    code = "event.round_open"
    template = gettext_noop(
        "{open} tables still have no result, the first table {table} of round {number}: the next round"
        " waits for every result."
    )


class ResultOutOfSync(RecordConflict):
    code = "result.out_of_sync"
    template = gettext_noop(
        "The result of table {table} was changed since you saw it (version {version}, not {got}): look at"
        " it again."
    )


class ResultNoOverride(RecordConflict):
    code = "result.no_override"
    template = gettext_noop("Table {table} has no director's result to withdraw.")


class EventFinished(RecordConflict):
    code = "event.finished"
    template = gettext_noop("All {rounds} rounds of the event have been paired.")


class TooFewEntries(RecordConflict):
    code = "event.too_few_entries"
    template = gettext_noop("{players} players in the event cannot be seated at tables of {sizes}.")


class TooManyEntries(RecordInvalid):
    code = "event.too_many_entries"
    template = gettext_noop("An event takes at most {limit} entries.")


class PairingRunning(RecordConflict):
    code = "event.pairing_running"
    template = gettext_noop("Round {number} is being paired; wait until it is ready.")


class PairingLost(RecordConflict):
    code = "event.pairing_lost"
    template = gettext_noop("The pairing of round {number} did not finish; pair the round again.")


class TableCodeExpired(RecordConflict):
    code = "table.code_expired"
    template = gettext_noop("The event has ended: the code of table {table} no longer opens its match.")


class ConfirmNotAsked(RecordConflict):
    code = "confirmation.not_asked"
    template = gettext_noop("This event counts results without a confirmation.")


class ConfirmUnfinished(RecordConflict):
    code = "confirmation.unfinished"
    template = gettext_noop("The match of table {table} is not finished: there is no result to confirm.")


class ConfirmSamePerson(RecordConflict):
    code = "confirmation.same_person"
    template = gettext_noop(
        "The result of table {table} was recorded from this phone or account: another person at the table"
        " confirms it."
    )


class RoundNotLast(RecordConflict):
    code = "round.not_last"
    template = gettext_noop(
        "Only the last round, round {last}, can be repaired; round {number} is not the last."
    )


class RoundStarted(RecordConflict):
    code = "round.started"
    template = gettext_noop(
        "Round {number} has started: table {table} has a hand or a director's result, so it stays as it is."
    )


class RoundNothingToRepair(RecordConflict):
    code = "round.nothing_to_repair"
    template = gettext_noop("Every table of round {number} has started: no table is left to pair again.")


class RoundFixedSchedule(RecordConflict):
    code = "round.fixed_schedule"
    template = gettext_noop("A round robin's rounds follow its schedule: swap players instead.")


class RoundCannotRepair(RecordConflict):
    code = "round.cannot_repair"
    template = gettext_noop(
        "The {players} players of round {number}'s unplayed tables cannot be seated at tables of {sizes}:"
        " withdraw the round and pair it again."
    )


class RoundRepairTooLarge(RecordConflict):
    code = "round.repair_too_large"
    template = gettext_noop(
        "{players} players are too many to pair again here: withdraw round {number} and pair it again."
    )


class SwapNotInRound(RecordInvalid):
    code = "swap.not_in_round"
    template = gettext_noop("{player} has no table or bye in round {number}.")


class SwapNoChange(RecordInvalid):
    code = "swap.no_change"
    template = gettext_noop(
        "Swapping {first} and {second} changes nothing: they sit on one side or both have a bye."
    )


class EntryNotDropped(RecordConflict):
    code = "entry.not_dropped"
    template = gettext_noop("{player} has not dropped out.")


class ClockMinutesNeeded(RecordInvalid):
    code = "event.clock_minutes"
    template = gettext_noop("The round clock is not set: say how many minutes it runs.")


class ClockNotRunning(RecordConflict):
    code = "event.clock_not_running"
    template = gettext_noop("The round clock is not running.")


class KeepApartInvalid(RecordInvalid):
    code = "event.keep_apart_invalid"
    template = gettext_noop("Keep apart two different players entered in this event; not: {players}.")
