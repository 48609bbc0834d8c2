"""Escoba captures: ``pair``, ``any``, ``fifteen``, ``capture_priority`` (docs/rules/escoba.md E5, 3.2(b),
3.2(f))."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.capture.capturing import capture_check, capture_list
from games.rules.cards import Card, deck
from games.rules.escoba_hand import escoba_capturing
from games.rules.escoba_options import EscobaOptions
from games.rules.game import resolve_options
from games.rules.registry import find_game
from tests.rules.reference import reference_captures


@pytest.mark.parametrize(
    ("table", "card", "options", "expected"),
    [
        pytest.param("4C 3D 6S", "7H", {}, {"3D 4C"}, id="EB-1-seven-takes-four-and-three"),
        pytest.param("6S 4D", "10H", {}, {"4D 6S"}, id="EB-1-ten-sweeps"),
        pytest.param("9C", "6H", {"capture": "fifteen"}, {"9C"}, id="EB-2-fifteen-six-takes-nine"),
        pytest.param("4C 5D", "6H", {"capture": "fifteen"}, {"4C 5D"}, id="EB-2-fifteen-six-takes-four-five"),
        pytest.param("AC 2D 4S", "7H", {}, set(), id="EB-3-pair-no-capture"),
        pytest.param("AC 2D 4S", "7H", {"capture": "any"}, {"2D 4S AC"}, id="EB-3-any-takes-all-three"),
        pytest.param(
            "5C 10D 4S AH", "5H", {"capture": "fifteen"}, {"10D", "4S 5C AH"}, id="EB-4-fifteen-one-group"
        ),
        pytest.param("2C 3D 4S", "6H", {"capture": "fifteen"}, {"2C 3D 4S"}, id="EB-5-fifteen-sweep"),
        pytest.param("7C 3D 4S", "7H", {}, {"7C", "3D 4S"}, id="E5-equal-or-pair"),
        pytest.param("7C 3D 4S", "7H", {"capture_priority": True}, {"7C"}, id="3.2b-priority-equal-first"),
        pytest.param("3D 4S", "7H", {"capture_priority": True}, {"3D 4S"}, id="3.2b-priority-no-equal"),
        pytest.param(
            "8C 3D 5S",
            "7H",
            {"capture": "fifteen", "capture_priority": True},
            {"8C", "3D 5S"},
            id="A5-priority-no-effect-with-fifteen",
        ),
        pytest.param("7C 7D", "7H", {}, {"7C", "7D"}, id="E5-one-group-per-capture"),
        pytest.param("2C 2D 3S", "7H", {}, set(), id="3.2b-pair-means-exactly-two"),
        pytest.param("2C 2D 3S", "7H", {"capture": "any"}, {"2C 2D 3S"}, id="3.2b-any-number"),
        pytest.param("", "7H", {}, set(), id="E6-empty-table"),
    ],
)
def test_escoba_legal_captures(table: str, card: str, options: dict[str, object], expected: set[str]) -> None:
    found = capture_list("escoba", table.split(), card, options, limit=200)
    assert found.complete
    assert {" ".join(sorted(map(str, capture.cards))) for capture in found.captures} == expected
    assert found.count == len(expected)


def test_escoba_sweep_is_flagged_in_the_capture_list() -> None:
    found = capture_list("escoba", ["6S", "4D"], "10H")
    assert [capture.sweep for capture in found.captures] == [True]


@pytest.mark.parametrize(
    ("table", "card", "taken", "options", "legal"),
    [
        pytest.param("4C 3D 6S", "7H", "4C 3D", {}, True, id="EB-1-legal"),
        pytest.param("4C 3D 6S", "7H", "6S", {}, False, id="EB-1-six-is-not-seven"),
        pytest.param("AC 2D 4S", "7H", "AC 2D 4S", {}, False, id="EB-3-three-cards-in-pair-mode"),
        pytest.param("5C 10D 4S AH", "5H", "10D 4S AH", {"capture": "fifteen"}, False, id="EB-4-two-groups"),
        pytest.param("7C 3D 4S", "7H", "3D 4S", {"capture_priority": True}, False, id="3.2b-sum-before-lone"),
    ],
)
def test_escoba_capture_check(
    table: str, card: str, taken: str, options: dict[str, object], legal: bool
) -> None:
    verdict = capture_check("escoba", table.split(), card, taken.split(), options)
    assert verdict.legal is legal
    assert verdict.code == (None if legal else "capture.illegal")


MODES = [
    {"capture": "pair"},
    {"capture": "any"},
    {"capture": "fifteen"},
    {"capture": "pair", "capture_priority": True},
    {"capture": "any", "capture_priority": True},
]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.sampled_from(deck(faces=False)), min_size=1, max_size=9, unique=True), st.sampled_from(MODES)
)
def test_escoba_enumeration_equals_brute_force(cards: list[Card], options: dict[str, object]) -> None:
    played, table = cards[0], cards[1:]
    capturing = escoba_capturing(EscobaOptions.of(resolve_options(find_game("escoba"), options)))
    board = capturing.board(table)
    expected = {
        frozenset(str(table[index]) for index in found)
        for found in reference_captures(board, capturing.targets(played), capturing.mode)
    }
    listed = capture_list("escoba", [str(card) for card in table], str(played), options, limit=200)
    assert {frozenset(map(str, capture.cards)) for capture in listed.captures} == expected
    assert listed.count == len(expected)
