"""Errors of the event services, each with a stable dotted code (docs/errors.md) and its facts:
``RecordInvalid`` ones are 400, ``RecordConflict`` ones 409, as for the match records."""

from __future__ import annotations

from games.rules.errors import gettext_noop
from games.services.errors import RecordConflict, RecordInvalid


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


class KeepApartInvalid(RecordInvalid):
    code = "event.keep_apart_invalid"
    template = gettext_noop("Keep apart two different players entered in this event; not: {players}.")
