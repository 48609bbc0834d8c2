"""Tamlin captures: values, groups, the Jack, ``ace_takes_ace`` (docs/rules/tamlin.md T3, T10, T11, 1.2, A5,
TM-*)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from games.rules.capture.capturing import capture_check, capture_list
from games.rules.cards import JACK, Card, deck
from games.rules.tamlin_hand import tamlin_capturing
from tests.rules.reference import reference_captures

TM1_TABLE = "AC KC QC 2C 10C 4C 6C 5C 3C 9D"


def legal(table: str, card: str, **options: object) -> set[str]:
    found = capture_list("tamlin", table.split(), card, options, limit=200)
    assert found.complete
    assert found.count == len(found.captures)
    return {" ".join(sorted(map(str, capture.cards))) for capture in found.captures}


def test_tamlin_tm1_ace_takes_all_but_the_nine() -> None:
    found = capture_list("tamlin", TM1_TABLE.split(), "AH", limit=200)
    assert (found.count, found.complete) == (41, True)
    best = found.captures[0]
    assert set(map(str, best.cards)) == set(TM1_TABLE.split()) - {"9D"}
    assert not best.sweep
    assert all(len(capture.cards) < 9 for capture in found.captures[1:])


def test_tamlin_tm2_without_the_nine_the_ace_sweeps() -> None:
    found = capture_list("tamlin", TM1_TABLE.split()[:-1], "AH", limit=1)
    assert found.captures[0].sweep
    assert len(found.captures[0].cards) == 9


@pytest.mark.parametrize(
    ("table", "card", "options", "expected"),
    [
        pytest.param("KC 10C 3C 9C 4C", "KH", {}, "10C 3C 4C 9C KC", id="TM-3-equal-and-sums-together"),
        pytest.param("AC 4C", "5H", {}, "4C AC", id="TM-4-table-ace-is-one"),
        pytest.param("QC QD 5S", "QH", {}, "QC QD", id="TM-8-both-queens"),
        pytest.param("KC AD", "AH", {}, "AD KC", id="T3-played-ace-14"),
    ],
)
def test_tamlin_best_capture(table: str, card: str, options: dict[str, object], expected: str) -> None:
    found = capture_list("tamlin", table.split(), card, options)
    assert " ".join(sorted(map(str, found.captures[0].cards))) == expected


@pytest.mark.parametrize(
    ("table", "card", "options", "expected"),
    [
        pytest.param("AC", "AH", {}, set(), id="TM-5-literal-ace-does-not-take-ace"),
        pytest.param("AC", "AH", {"ace_takes_ace": True}, {"AC"}, id="TM-5-ace-takes-ace-option"),
        pytest.param(
            "AC AD KS",
            "AH",
            {"ace_takes_ace": True},
            {"AC", "AD", "AC AD", "AC KS", "AD KS", "AC AD KS"},
            id="A5-lone-aces-and-14-sums-together",
        ),
        pytest.param("AC AD KS", "AH", {}, {"AC KS", "AD KS"}, id="T3-without-option-one-ace-in-the-sum"),
        pytest.param("QC QD 5S", "QH", {}, {"QC", "QD", "QC QD"}, id="TM-8-legal-sets"),
        pytest.param("2C 5D 9S", "JH", {}, {"2C 5D 9S"}, id="TM-6-jack-takes-all"),
        pytest.param("", "JH", {}, set(), id="TM-7-jack-on-empty-table-takes-nothing"),
        pytest.param("JC 5D", "5H", {}, {"5D"}, id="1.2b-trailed-jack-has-no-value"),
        pytest.param("JC 5D", "JH", {}, {"5D JC"}, id="1.2b-a-jack-takes-a-trailed-jack"),
        pytest.param("6C 7D", "KH", {}, {"6C 7D"}, id="T10-sum-group"),
    ],
)
def test_tamlin_legal_captures(table: str, card: str, options: dict[str, object], expected: set[str]) -> None:
    assert legal(table, card, **options) == expected


@pytest.mark.parametrize(
    ("table", "card", "taken", "ok"),
    [
        pytest.param("2C 5D 9S", "JH", "2C 5D", False, id="T11-jack-takes-the-whole-table"),
        pytest.param("3C 4D 4S", "7H", "3C 4D 4S", False, id="T10-groups-are-disjoint"),
        pytest.param("3C 3H 4D 4S", "7H", "3C 3H 4D 4S", True, id="T10-two-sum-groups"),
        pytest.param("AC", "AH", "AC", False, id="TM-5-literal"),
    ],
)
def test_tamlin_capture_check(table: str, card: str, taken: str, ok: bool) -> None:
    assert capture_check("tamlin", table.split(), card, taken.split()).legal is ok


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(deck()), min_size=1, max_size=9, unique=True), st.booleans())
@pytest.mark.slow
def test_tamlin_enumeration_equals_brute_force(cards: list[Card], ace_takes_ace: bool) -> None:
    played, table = cards[0], cards[1:]
    assume(played.rank != JACK)  # a played Jack takes the whole table: TM-6, TM-7
    capturing = tamlin_capturing(ace_takes_ace)
    board = capturing.board(table)
    expected = {
        frozenset(str(table[index]) for index in found)
        for found in reference_captures(board, capturing.targets(played), capturing.mode)
    }
    options = {"ace_takes_ace": ace_takes_ace}
    listed = capture_list("tamlin", [str(card) for card in table], str(played), options, limit=200)
    assert {frozenset(map(str, capture.cards)) for capture in listed.captures} == expected
    assert listed.count == len(expected)
