"""Reads of hands: one hand, the last, the list, where one stands now and its log of plays."""

from __future__ import annotations

from typing import TypedDict

from django.db.models import QuerySet

from games.matches import convert
from games.matches.replay import hand_report_now, live_rows, table_of
from games.models import (
    Challenge,
    Hand,
    Match,
    Play,
)
from games.rules.game import HandReport


def hand_get(*, match: Match, number: int) -> Hand:
    """Hand ``number`` of ``match`` (raises ``Hand.DoesNotExist``)."""
    return Hand.objects.get(match=match, number=number)


def hand_last(*, match: Match) -> Hand | None:
    """The match's latest hand, open or closed, without its scores (``None`` before the first)."""
    return match.hands.order_by("-number").first()


def hand_list(*, match: Match) -> QuerySet[Hand]:
    """The match's hands in order, with their scores."""
    return match.hands.order_by("number").prefetch_related("scores")


def hand_report(hand: Hand, rows: tuple[list[Play], list[Challenge]] | None = None) -> HandReport:
    """Where a hand stands now: a closed hand's stored report, an open hand's log (``rows``, when
    already read: :func:`hand_rows`) replayed."""
    table = table_of(hand.match)
    if hand.is_open:
        return hand_report_now(hand, table, rows)
    return convert.stored_report(hand, list(hand.scores.all()), table.sides)


def hand_rows(hand: Hand) -> tuple[list[Play], list[Challenge]]:
    """The hand's standing plays in order, and the challenges of them."""
    return live_rows(hand)


class PlayLine(TypedDict):
    """A stored play: its sequence number, seat, card, cards taken and challengers."""

    seq: int
    seat: int
    card: str
    taken: list[str]
    challenged_by: list[int]


def hand_log(hand: Hand) -> list[PlayLine]:
    """The hand's standing plays in order, each with the seats that challenged it."""
    plays, challenges = live_rows(hand)
    challengers: dict[int, list[int]] = {}
    for challenge in challenges:
        challengers.setdefault(challenge.play_id, []).append(challenge.seat)
    return [
        PlayLine(
            seq=play.seq,
            seat=play.seat,
            card=play.card,
            taken=play.taken,
            challenged_by=challengers.get(play.pk, []),
        )
        for play in plays
    ]


def hand_with_match(*, match_id: int, number: int) -> Hand:
    """Hand ``number`` of match ``match_id`` with its match, in one query (raises ``Hand.DoesNotExist``)."""
    return Hand.objects.select_related("match").get(match_id=match_id, number=number)


def hand_open_number(*, match_id: int) -> int | None:
    """The number of the match's open hand (``None`` when none is open)."""
    open_hands = Hand.objects.filter(match_id=match_id, closed_at__isnull=True)
    return open_hands.values_list("number", flat=True).first()


def hand_numbers(*, match: Match) -> tuple[int, ...]:
    """The numbers of the match's hands, in order."""
    return tuple(match.hands.order_by("number").values_list("number", flat=True))
