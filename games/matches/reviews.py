"""Reads of hand reviews: a recorded hand's review, and the review as JSON for the APIs."""

from __future__ import annotations

from typing import Any

from games.errors import ReviewNoPlays
from games.matches import convert
from games.matches.replay import live_rows, setup_of, table_of
from games.models import Hand
from games.rules.cards import format_cards
from games.rules.review import HandReview, Option, PlayReview, Value, review


def hand_review(hand: Hand) -> HandReview:
    """The engine's review of a hand recorded play by play.

    Raises:
        ReviewNoPlays: the hand was entered by its counts.
        ReviewIncomplete, NoCaptureGame: as :func:`~games.rules.review.review`.
    """
    if hand.mode == Hand.Mode.SUMMARY:
        raise ReviewNoPlays(number=hand.number)
    table = table_of(hand.match)
    setup = setup_of(hand, table)  # earlier sweeps: whether a Tablo tablo scores under per_five (B9)
    return review(table.game.name, setup, convert.log_entries(*live_rows(hand)), table.options)


def value_json(value: Value) -> dict[str, Any]:
    """What a play is worth, as JSON."""
    return {"sweep": value.sweep, "points": value.points, "cards": value.cards}


def _option_json(option: Option) -> dict[str, Any]:
    return {"card": str(option.card), "taken": format_cards(option.taken), "value": value_json(option.value)}


def play_json(play: PlayReview) -> dict[str, Any]:
    """One rated play (``table``: the table as it was before it)."""
    return {
        "play_index": play.play_index,
        "seat": play.seat,
        "card": str(play.card),
        "taken": format_cards(play.taken),
        "value": value_json(play.value),
        "table": format_cards(play.table),
        "best_with_card": _option_json(play.best_with_card),
        "best_play": _option_json(play.best_play),
        "missed": play.missed,
        "points_lost": play.points_lost,
        "missed_item": play.missed_item,
        "rule": play.rule,
        "illegal": play.illegal,
        "caught": play.caught,
        "taken_back": format_cards(play.taken_back),
        "penalty": play.penalty,
        "exact": play.exact,
    }


def review_json(reviewed: HandReview) -> dict[str, Any]:
    """``{"plays": [...], "seats": [...]}`` as both APIs answer."""
    return {
        "plays": [play_json(play) for play in reviewed.plays],
        "seats": [
            {
                "seat": seat.seat,
                "plays": seat.plays,
                "best_plays": seat.best_plays,
                "points_missed": seat.points_missed,
                "illegal_plays": seat.illegal_plays,
                "caught_plays": seat.caught_plays,
            }
            for seat in reviewed.seats
        ],
    }
