"""What the match screen's offline recording needs to know about the open hand, as JSON for
``static/js/offline.js``: where the hand stands (its plays and revision), whose turn comes after whose,
and where to send plays."""

from __future__ import annotations

from typing import TypedDict

from django.urls import reverse

from web.screens import HandView, MatchScreen


class OfflinePlay(TypedDict):
    seq: int
    seat: int
    card: str
    taken: list[str]


class OfflineHand(TypedDict):
    match: int
    hand: int
    seq: int  # the next play's expected_seq
    revision: int  # the next play's expected_revision
    seat: int | None  # whose turn it is; None once every card is played
    seats: list[str]  # names by seat number
    direction: int  # 1 clockwise, -1 counterclockwise (docs/rules/tablo.md A4, B7)
    table: list[str]
    plays: list[OfflinePlay]  # the standing plays, to tell what another phone changed meanwhile
    captures: bool
    compulsory: bool  # a card that can capture must (docs/rules/ E6, T9)
    api: str  # the records API's hand
    live: str  # the live region, to redraw it after a sync


def offline_hand(screen: MatchScreen, hand: HandView) -> OfflineHand:
    """The open hand as the phone needs it to keep recording plays without a network."""
    match = screen.match
    return {
        "match": match.pk,
        "hand": hand.hand.number,
        "seq": hand.hand.next_seq,
        "revision": hand.hand.revision,
        "seat": hand.next_seat,
        "seats": [screen.seat_names[seat] for seat in sorted(screen.seat_names)],
        "direction": -1 if match.options.get("direction") == "counterclockwise" else 1,
        "table": [str(card) for card in hand.table],
        "plays": [{"seq": p.seq, "seat": p.seat, "card": p.card, "taken": p.taken} for p in hand.plays],
        "captures": hand.captures,
        "compulsory": hand.compulsory,
        "api": reverse("records-hand", args=[match.pk, hand.hand.number]),
        "live": reverse("match-live", args=[match.pk]),
    }
