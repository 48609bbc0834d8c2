"""A scored hand's breakdown: one row per item the engine scored, each side's number in side
order, in the reader's language and never as a points key."""

from __future__ import annotations

from django.utils import translation

from games.breakdowns import hand_breakdown, side_cells
from games.rules import escoba, tablo, tamlin, twenty
from games.rules.cards import parse_cards
from games.rules.game import HandSetup
from games.rules.wording import BreakdownRow

TWO = HandSetup(players=2)
TWENTY = HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"]))


def rows_by_key(rows: list[BreakdownRow]) -> dict[str, BreakdownRow]:
    return {row["key"]: row for row in rows}


def test_a_tablo_hand_lists_its_counts_points_and_total_in_order() -> None:
    counts = [{"cards": 29, "point_cards": 12, "tablos": 1}, {"cards": 23, "point_cards": 10, "tablos": 0}]
    report = tablo.score_summary(TWO, counts, {"tablo_points": "per_tablo"})
    with translation.override("en"):
        rows = hand_breakdown("tablo", {}, report)
    assert [row["key"] for row in rows] == [
        "cards",
        "tablos",
        "point_cards",
        "card_bonus",
        "tablo_points",
        "total",
    ]
    assert [row["label"] for row in rows][2:5] == ["Point cards", "Card bonus", "Tablo points"]
    by_key = rows_by_key(rows)
    assert by_key["cards"]["values"] == [29, 23]
    assert not by_key["cards"]["points"]
    assert by_key["card_bonus"]["values"] == [3, 0]  # 29 or more: 3 (B11)
    assert by_key["total"]["values"] == [side.total for side in report.sides] == [16, 10]


def test_a_tied_escoba_item_says_nobody_got_it() -> None:
    counts = [
        {"cards": 20, "diamonds": 6, "sevens": 2, "seven_diamonds": 1, "sweeps": 1},
        {"cards": 20, "diamonds": 4, "sevens": 2, "seven_diamonds": 0, "sweeps": 0},
    ]
    report = escoba.score_summary(TWO, counts, {})
    with translation.override("en"):
        by_key = rows_by_key(hand_breakdown("escoba", {}, report))
    assert by_key["most_cards"]["values"] == [0, 0]
    assert by_key["most_cards"]["note"] == "tie: nobody"
    assert by_key["most_sevens"]["note"] == "tie: nobody"
    assert by_key["most_diamonds"] == {**by_key["most_diamonds"], "values": [1, 0], "note": ""}
    assert by_key["seven_diamonds"]["values"] == [1, 0]
    assert by_key["sweeps"]["values"] == [1, 0]


def test_under_muerto_the_breakdown_shows_earned_and_credited() -> None:
    counts = [
        {"cards": 25, "diamonds": 6, "sevens": 3, "seven_diamonds": 1, "sweeps": 2},
        {"cards": 15, "diamonds": 4, "sevens": 1, "seven_diamonds": 0, "sweeps": 0},
    ]
    options = {"muerto": True}
    report = escoba.score_summary(TWO, counts, options)
    with translation.override("en"):
        rows = hand_breakdown("escoba", options, report)
    assert [row["key"] for row in rows][-2:] == ["earned", "total"]
    assert rows[-1]["label"] == "Credited"
    assert rows[-2]["values"] == [6, 0]  # four items and two sweeps earned by the first side
    assert rows[-1]["values"] == [0, 6]  # all passed on (docs/rules/escoba.md 3.2(d))


def test_tamlin_items_come_in_the_rule_book_order() -> None:
    counts = [
        {
            "cards": 30,
            "spades": 8,
            "ten_diamonds": 1,
            "two_spades": 1,
            "aces": 3,
            "tamlins": 2,
            "jack_penalties": 1,
        },
        {
            "cards": 22,
            "spades": 5,
            "ten_diamonds": 0,
            "two_spades": 0,
            "aces": 1,
            "tamlins": 0,
            "jack_penalties": 0,
        },
    ]
    report = tamlin.score_summary(TWO, counts, {"scoring": "cassino"})
    rows = hand_breakdown("tamlin", {"scoring": "cassino"}, report)
    assert [row["key"] for row in rows] == [
        "most_cards",
        "ten_diamonds",
        "two_spades",
        "aces",
        "most_spades",
        "tamlins",
        "jack_penalties",
        "total",
    ]
    assert rows_by_key(rows)["jack_penalties"]["values"] == [-1, 0]


def test_a_twenty_round_lists_each_award_and_the_bonus() -> None:
    entries: list[dict[str, object]] = [{"awards": [15, 60, -20], "bonus": 1}, {"awards": [30, 10]}]
    report = twenty.score_summary(TWENTY, entries, {})
    with translation.override("en"):
        rows = hand_breakdown("twenty", {}, report)
    assert [(row["label"], row["values"]) for row in rows] == [
        ("Tally of 5 cards", [15, None]),
        ("Tally of 7 cards", [60, None]),
        ("Over 20", [-20, None]),
        ("Tally of 6 cards", [None, 30]),
        ("Exact 20", [None, 10]),
        ("End-of-round bonus", [4, 0]),
        ("Total", [59, 40]),
    ]


def test_a_twenty_round_noted_as_points_shows_them_as_one_row() -> None:
    report = twenty.score_summary(TWENTY, [{"points": 25}, {"points": -20, "bonus": 0}], {})
    with translation.override("en"):
        rows = hand_breakdown("twenty", {}, report)
    assert (rows[0]["key"], rows[0]["values"]) == ("awards", [25, -20])
    assert rows_by_key(rows)["bonus"]["note"] == "nobody: no award was positive"


def test_labels_are_russian_for_a_russian_reader_and_never_a_key() -> None:
    counts = [{"cards": 29, "point_cards": 12, "tablos": 1}, {"cards": 23, "point_cards": 10, "tablos": 0}]
    report = tablo.score_summary(TWO, counts, {})
    with translation.override("ru"):
        rows = hand_breakdown("tablo", {}, report)
    assert rows_by_key(rows)["point_cards"]["label"] == "Очковые карты"
    assert all("_" not in row["label"] for row in rows)


def test_a_sides_column_carries_its_own_values() -> None:
    counts = [{"cards": 29, "point_cards": 12, "tablos": 1}, {"cards": 23, "point_cards": 10, "tablos": 0}]
    rows = hand_breakdown("tablo", {}, tablo.score_summary(TWO, counts, {}))
    column = side_cells(rows, 1)
    assert [cell["value"] for cell in column] == [row["values"][1] for row in rows]
