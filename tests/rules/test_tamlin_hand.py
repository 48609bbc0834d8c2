"""Tamlin hands: deals, the Jack, tamlins, compulsory capture, leftovers (docs/rules/tamlin.md T5-T13,
TM-*)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import tamlin
from games.rules.cards import JACK, Card, parse_cards
from games.rules.errors import RuleViolation
from games.rules.game import HandReport, HandSetup, LogEntry, OptionValue
from games.rules.tamlin_hand import hand_rules
from tests.rules.playouts import random_hand

TABLE = parse_cards(["5C", "8D", "KS", "2H"])


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


def replay(log: list[LogEntry], setup: HandSetup | None = None, **options: OptionValue) -> HandReport:
    return tamlin.replay_hand(setup or HandSetup(players=2, dealer=1, table=TABLE), log, options)


def violation(log: list[LogEntry], setup: HandSetup | None = None, **options: OptionValue) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        replay(log, setup, **options)
    return caught.value


def test_tamlin_tm6_jack_takes_the_whole_table_as_a_tamlin() -> None:
    report = replay([play(0, "JH", "5C 8D KS 2H")])
    assert report.table == ()
    assert (report.sides[0].cards, report.sides[0].sweeps, report.sides[0].points["tamlins"]) == (5, 1, 1)
    assert report.sides[0].total == 1  # card items score once the hand is complete


def test_tamlin_tm7_jack_on_an_empty_table_costs_one_and_lies_there() -> None:
    log = [play(0, "JH", "5C 8D KS 2H"), play(1, "JC"), play(0, "3D")]
    report = replay(log)
    assert report.table == parse_cards(["JC", "3D"])
    assert report.sides[1].points["jack_penalties"] == -1
    assert report.sides[1].total == -1


def test_tamlin_trailed_jack_is_taken_only_by_a_jack() -> None:
    log = [play(0, "JH", "5C 8D KS 2H"), play(1, "JC"), play(0, "3D"), play(1, "JS", "JC 3D")]
    report = replay(log)
    assert [(side.cards, side.sweeps) for side in report.sides] == [(5, 1), (3, 1)]


def test_tamlin_tm2_ace_taking_every_14_group_is_a_tamlin() -> None:
    setup = HandSetup(players=2, dealer=1, table=parse_cards(["5C", "9D", "KS", "AH"]))
    report = replay([play(0, "AD", "5C 9D KS AH")], setup)
    assert (report.sides[0].cards, report.sides[0].sweeps) == (5, 1)
    report = replay([play(0, "AD", "5C 9D")], setup)
    assert report.sides[0].sweeps == 0


@pytest.mark.parametrize(
    ("log", "code"),
    [
        pytest.param([play(0, "5D")], "capture.required", id="T9-capture-is-compulsory"),
        pytest.param([play(0, "JH", "5C 8D")], "capture.illegal", id="T11-jack-takes-all"),
        pytest.param([play(0, "JH")], "capture.required", id="T11-jack-on-a-table-must-take-it"),
        pytest.param([play(0, "KH", "8D 5C 2H")], "capture.illegal", id="T10-every-card-in-a-group"),
        pytest.param([play(1, "3D")], "turn.wrong_seat", id="T8-left-of-the-dealer-starts"),
    ],
)
def test_tamlin_refuses_an_illegal_play(log: list[LogEntry], code: str) -> None:
    assert violation(log).code == code


def test_tamlin_tm3_equal_and_sums_together() -> None:
    report = replay([play(0, "KH", "8D 5C KS")])
    assert report.table == parse_cards(["2H"])
    assert report.sides[0].cards == 4


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        pytest.param(
            HandSetup(players=2, table=parse_cards(["JC", "2C", "3C", "4C"])), "tamlin.jack_on_table", id="T6"
        ),
        pytest.param(HandSetup(players=2, table=TABLE[:3]), "table.bad_size", id="T5-four-table-cards"),
        pytest.param(HandSetup(players=5, table=TABLE), "players.bad_count", id="T1-two-to-four"),
        pytest.param(
            HandSetup(players=3, teams=True, table=TABLE), "players.bad_teams", id="T1-pairs-of-four"
        ),
    ],
)
def test_tamlin_refuses_a_bad_setup(setup: HandSetup, code: str) -> None:
    error = violation([], setup)
    assert error.code == code
    if code == "tamlin.jack_on_table":
        assert "replaced" in error.message
        assert "T6" not in error.message


@pytest.mark.parametrize(
    ("players", "plays"),
    [
        pytest.param(2, 48, id="T7-two-six-deals"),
        pytest.param(3, 48, id="T7-three-four-deals"),
        pytest.param(4, 48, id="T7-four-three-deals"),
    ],
)
def test_tamlin_deals_four_at_a_time_until_the_pack_is_out(players: int, plays: int) -> None:
    rules = hand_rules(players, ace_takes_ace=False)
    assert rules.deals == (4,) * (plays // (4 * players))
    setup, log = random_hand(rules, players, random.Random(players).randrange, table_ok=not_a_jack)
    assert len(log) == plays
    report = tamlin.replay_hand(setup, log, {})
    assert report.complete
    assert report.table == ()


def not_a_jack(card: Card) -> bool:
    return card.rank != JACK


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    st.data(), st.sampled_from([2, 3, 4]), st.sampled_from(["simplified_cassino", "cassino"]), st.booleans()
)
def test_tamlin_random_hands_conserve_cards_and_points(
    data: st.DataObject, players: int, scoring: str, ace_takes_ace: bool
) -> None:
    teams = players == 4 and data.draw(st.booleans())
    rules = hand_rules(players, ace_takes_ace)
    choose = lambda n: data.draw(st.integers(0, n - 1))  # noqa: E731
    setup, log = random_hand(rules, players, choose, teams=teams, table_ok=not_a_jack)
    options: dict[str, OptionValue] = {"scoring": scoring, "ace_takes_ace": ace_takes_ace}
    report = tamlin.replay_hand(setup, log, options)
    assert report.complete
    unscored = len(report.leftovers) if report.leftover_side is None else 0
    assert sum(side.cards for side in report.sides) + unscored == 52
    card_points = sum(
        side.total - side.points["tamlins"] - side.points["jack_penalties"] for side in report.sides
    )
    assert card_points <= (11 if scoring == "cassino" else 10)
    assert all(side.points["jack_penalties"] <= 0 for side in report.sides)
    assert sum(side.sweeps for side in report.sides) == sum(side.points["tamlins"] for side in report.sides)
