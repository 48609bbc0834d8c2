"""Engine values as JSON and back: reports, events, setups and logs as the API, ``Hand.report`` and the
phone's engine (:mod:`games.rules.browser`) carry them. Cards travel as canonical texts (docs/rules/shared.md
A1)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from games.rules.cards import Card, format_cards, parse_cards
from games.rules.game import HandEvent, HandReport, HandSetup, LogEntry, SideReport


def jsonable(value: object) -> Any:  # Any: JSON of unknown shape (a game's own ``extra``)
    """Engine values as JSON: cards as canonical text, enums as values, collections as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(item) for item in value]
    return value


def report_fields(report: HandReport) -> dict[str, Any]:
    """The report without its sides."""
    return {
        "complete": report.complete,
        "next_seat": report.next_seat,
        "table": format_cards(report.table),
        "leftovers": format_cards(report.leftovers),
        "leftover_side": report.leftover_side,
        "leftover_reason": report.leftover_reason,
        "events": [event_json(event) for event in report.events],
        "extra": jsonable(report.extra),
    }


def event_json(event: HandEvent) -> dict[str, Any]:
    """An event as the API and ``Hand.report`` hold it: ``play_index``, ``kind``, ``side``, ``points``."""
    return {"play_index": event.play_index, "kind": event.kind, "side": event.side, "points": event.points}


def events_of(rows: Iterable[Mapping[str, Any]]) -> tuple[HandEvent, ...]:
    """Events read back from :func:`event_json` dicts."""
    return tuple(
        HandEvent(play_index=row["play_index"], kind=row["kind"], side=row["side"], points=row["points"])
        for row in rows
    )


def side_json(side: SideReport) -> dict[str, Any]:
    """One side of a report as the API shows it (``seats``, ``cards``, ``sweeps``, ``points``, ``total``)."""
    return {
        "seats": list(side.seats),
        "cards": side.cards,
        "sweeps": side.sweeps,
        "points": dict(side.points),
        "total": side.total,
    }


def report_json(report: HandReport) -> dict[str, Any]:
    """A report for the API, and as ``Hand.report`` stores a closed hand's: :func:`report_fields` plus the
    sides."""
    return {**report_fields(report), "sides": [side_json(side) for side in report.sides]}


def report_of(fields: Mapping[str, Any]) -> HandReport:
    """A report read back from :func:`report_json` (a finished hand the phone keeps, for ``match_status``).

    Raises:
        BadCardText, DuplicateCard: bad cards.
    """
    return HandReport(
        complete=bool(fields.get("complete", True)),
        next_seat=fields.get("next_seat"),
        table=parse_cards(fields.get("table", [])),
        leftovers=parse_cards(fields.get("leftovers", [])),
        leftover_side=fields.get("leftover_side"),
        leftover_reason=fields.get("leftover_reason"),
        events=events_of(fields.get("events", [])),
        extra=fields.get("extra", {}),
        sides=tuple(
            SideReport(
                seats=tuple(side["seats"]),
                cards=side.get("cards", 0),
                sweeps=side.get("sweeps", 0),
                points=dict(side.get("points", {})),
                total=side.get("total", 0),
            )
            for side in fields.get("sides", [])
        ),
    )


def setup_json(setup: HandSetup) -> dict[str, Any]:
    """A hand's setup as the phone's engine takes it (:func:`setup_of` reads it back)."""
    return {
        "players": setup.players,
        "teams": setup.teams,
        "dealer": setup.dealer,
        "starter": setup.starter,
        "table": format_cards(setup.table),
        "set_aside": format_cards(setup.set_aside),
        "sweeps_before": list(setup.sweeps_before),
        "number": setup.number,
    }


def setup_of(fields: Mapping[str, Any]) -> HandSetup:
    """A setup read back from :func:`setup_json`.

    Raises:
        BadCardText, DuplicateCard: bad cards.
    """
    return HandSetup(
        players=fields["players"],
        teams=bool(fields.get("teams", False)),
        dealer=fields.get("dealer", 0),
        starter=fields.get("starter"),
        table=parse_cards(fields.get("table", [])),
        set_aside=parse_cards(fields.get("set_aside", [])),
        sweeps_before=tuple(fields.get("sweeps_before", ())),
        number=fields.get("number"),
    )


def entry_json(entry: LogEntry) -> dict[str, Any]:
    """A log entry: ``{"seat", "card", "taken"}`` for a play, ``{"seat", "challenge_of"}`` for a
    challenge (:func:`entry_of` reads it back)."""
    if entry.challenge_of is not None:
        return {"seat": entry.seat, "challenge_of": entry.challenge_of}
    return {
        "seat": entry.seat,
        "card": None if entry.card is None else str(entry.card),
        "taken": format_cards(entry.taken),
    }


def entry_of(fields: Mapping[str, Any]) -> LogEntry:
    """A log entry read back from :func:`entry_json` (duplicates across the hand are the engine's to find).

    Raises:
        BadCardText: a card text is not a card.
    """
    if fields.get("challenge_of") is not None:
        return LogEntry(seat=fields["seat"], challenge_of=fields["challenge_of"])
    card = fields.get("card")
    return LogEntry(
        seat=fields["seat"],
        card=None if card is None else Card.parse(card),
        taken=tuple(Card.parse(text) for text in fields.get("taken", ())),
    )
