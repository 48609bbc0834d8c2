"""Escoba hands: deals, turns, compulsory capture, sweeps, leftovers, challenges (docs/rules/escoba.md E3-E8,
3.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba
from games.rules.cards import Card, parse_cards
from games.rules.errors import RuleViolation
from games.rules.escoba_hand import hand_rules
from games.rules.game import HandReport, HandSetup, LogEntry, OptionValue
from tests.rules.playouts import random_hand

TABLE = parse_cards(["4C", "3C", "6C", "9C"])


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


def challenge(by: int, play_index: int) -> LogEntry:
    return LogEntry(seat=by, challenge_of=play_index)


def replay(log: list[LogEntry], setup: HandSetup | None = None, **options: object) -> HandReport:
    setup = setup or HandSetup(players=2, dealer=1, table=TABLE)
    return escoba.replay_hand(setup, log, options)  # type: ignore[arg-type]  # options are raw JSON


def violation(log: list[LogEntry], setup: HandSetup | None = None, **options: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        replay(log, setup, **options)
    return caught.value


def test_escoba_eb1_seven_takes_four_and_three_then_ten_sweeps() -> None:
    log = [play(0, "7H", "4C 3C"), play(1, "4D"), play(0, "10H", "6C 4D"), play(1, "9H", "9C")]
    report = replay(log)
    assert report.table == ()
    assert [(side.cards, side.sweeps, side.total) for side in report.sides] == [(6, 0, 0), (2, 1, 1)]
    assert report.next_seat == 0
    assert not report.complete


@pytest.mark.parametrize(
    ("dealer", "first"),
    [pytest.param(0, 1, id="3.2a-after-the-dealer"), pytest.param(2, 0, id="3.2a-dealer-is-last-seat")],
)
def test_escoba_play_starts_after_the_dealer(dealer: int, first: int) -> None:
    setup = HandSetup(players=3, dealer=dealer, table=TABLE)
    assert replay([], setup).next_seat == first
    error = violation([play((first + 1) % 3, "2H")], setup)
    assert (error.code, error.facts["expected"]) == ("turn.wrong_seat", first)


@pytest.mark.parametrize(
    ("players", "deal", "plays"),
    [
        pytest.param(2, "classic", 36, id="E3-two-six-deals-of-3"),
        pytest.param(3, "classic", 36, id="E3-three-four-deals-of-3"),
        pytest.param(4, "classic", 36, id="E3-four-three-deals-of-3"),
        pytest.param(5, "classic", 35, id="E3-five-3-then-4-with-5-on-the-table"),
        pytest.param(6, "classic", 36, id="E3-six-two-deals-of-3"),
        pytest.param(2, "scopone", 40, id="3.2e-two-deals-of-10"),
        pytest.param(3, "scopone", 39, id="3.2e-three-13-each-1-out"),
        pytest.param(4, "scopone", 40, id="3.2e-four-10-each"),
        pytest.param(5, "scopone", 40, id="3.2e-five-8-each"),
        pytest.param(6, "scopone", 36, id="3.2e-six-6-each-4-out"),
    ],
)
def test_escoba_deal_schedules(players: int, deal: str, plays: int) -> None:
    options = escoba.escoba_options({"deal": deal})
    rules = hand_rules(players, options)
    setup, log = random_hand(rules, players, random.Random(players).randrange)
    assert len(log) == plays
    report = escoba.replay_hand(setup, log, {"deal": deal})
    assert report.complete
    assert report.next_seat is None
    unscored = len(report.leftovers) if report.leftover_side is None else 0
    assert sum(side.cards for side in report.sides) + unscored + len(setup.set_aside) == 40


@pytest.mark.parametrize(
    ("setup", "options", "code"),
    [
        pytest.param(HandSetup(players=2, table=TABLE[:3]), {}, "table.bad_size", id="E3-four-table-cards"),
        pytest.param(HandSetup(players=5, table=TABLE), {}, "table.bad_size", id="E3-five-with-five-players"),
        pytest.param(
            HandSetup(players=2, table=TABLE), {"deal": "scopone"}, "table.bad_size", id="3.2e-no-table"
        ),
        pytest.param(
            HandSetup(players=4, set_aside=TABLE[:1]),
            {"deal": "scopone"},
            "deal.bad_set_aside",
            id="3.2e-none-out",
        ),
        pytest.param(HandSetup(players=7, table=TABLE), {}, "players.bad_count", id="E1-two-to-six"),
        pytest.param(HandSetup(players=5, teams=True), {}, "players.bad_teams", id="E11-teams-of-4-or-6"),
        pytest.param(
            HandSetup(players=2, table=parse_cards(["4C", "3C", "6C", "KC"])),
            {},
            "card.not_in_deck",
            id="E1-no-faces",
        ),
    ],
)
def test_escoba_refuses_a_bad_setup(setup: HandSetup, options: dict[str, object], code: str) -> None:
    assert violation([], setup, **options).code == code


def test_escoba_scopone_set_aside_card_cannot_be_played() -> None:
    setup = HandSetup(players=3, set_aside=parse_cards(["7D"]))
    assert violation([play(1, "7D")], setup, deal="scopone").code == "card.duplicate"


@pytest.mark.parametrize(
    ("log", "code"),
    [
        pytest.param([play(0, "9H")], "capture.required", id="E6-a-card-that-can-capture-must"),
        pytest.param([play(0, "7H", "4C 6C")], "capture.illegal", id="E5-sum-must-match"),
        pytest.param([play(0, "7H", "4C 3C 6C")], "capture.illegal", id="E5-one-group"),
        pytest.param([play(0, "7H", "4C 3D")], "capture.not_on_table", id="A3-taken-card-on-table"),
        pytest.param([play(0, "4C")], "card.duplicate", id="A1-card-seen-twice"),
        pytest.param([challenge(1, 0)], "challenge.not_allowed", id="3.2g-challenges-need-manual-capture"),
    ],
)
def test_escoba_refuses_an_illegal_play(log: list[LogEntry], code: str) -> None:
    error = violation(log)
    assert error.code == code
    assert error.facts.get("play_index", 0) == 0


def test_escoba_capture_required_names_the_alternatives() -> None:
    error = violation([play(0, "9H")])
    alternatives = error.facts["alternatives"]
    assert isinstance(alternatives, list)
    assert sorted(alternatives) == [["3C", "6C"], ["9C"]]


@pytest.mark.parametrize(
    ("log", "rulings", "totals"),
    [
        pytest.param(
            [play(0, "9H"), challenge(1, 0)],
            [
                {
                    "play_index": 0,
                    "by": 1,
                    "correct": True,
                    "points": 2,
                    "code": "capture.required",
                    "taken_back": False,
                }
            ],
            [0, 2],
            id="3.2g-trail-that-could-capture",
        ),
        pytest.param(
            [play(0, "7H", "4C 6C"), challenge(1, 0)],
            [
                {
                    "play_index": 0,
                    "by": 1,
                    "correct": True,
                    "points": 2,
                    "code": "capture.illegal",
                    "taken_back": True,
                }
            ],
            [0, 2],
            id="3.2g-wrong-capture",
        ),
        pytest.param(
            [play(0, "7H", "4C 3C"), challenge(1, 0)],
            [{"play_index": 0, "by": 1, "correct": False, "points": -1, "code": None, "taken_back": False}],
            [0, -1],
            id="3.2g-false-alarm",
        ),
        pytest.param(
            [play(0, "2H"), play(1, "7H", "4C 3C"), challenge(0, 1), play(0, "5H")],
            [{"play_index": 1, "by": 0, "correct": False, "points": -1, "code": None, "taken_back": False}],
            [-1, 0],
            id="3.2g-challenge-before-the-next-play",
        ),
    ],
)
def test_escoba_manual_capture_rules_on_challenges(
    log: list[LogEntry], rulings: list[dict[str, object]], totals: list[int]
) -> None:
    report = replay(log, manual_capture=True)
    assert report.extra["rulings"] == rulings
    assert [side.points["challenges"] for side in report.sides] == totals
    assert [side.total for side in report.sides] == totals


def test_escoba_wrong_capture_stands_under_manual_capture() -> None:
    report = replay([play(0, "7H", "4C 6C")], manual_capture=True)
    assert report.table == parse_cards(["3C", "9C"])
    assert report.sides[0].cards == 3
    assert report.extra["rulings"] == []


def test_escoba_wrong_sweep_stands_and_scores_under_manual_capture() -> None:
    report = replay([play(0, "10H", "4C 3C 6C 9C")], manual_capture=True)
    assert report.sides[0].sweeps == 1


@pytest.mark.parametrize(
    ("log", "setup", "code"),
    [
        pytest.param([challenge(1, 0)], None, "challenge.not_latest", id="3.2g-nothing-played-yet"),
        pytest.param(
            [play(0, "2H"), play(1, "5H"), challenge(0, 0)], None, "challenge.not_latest", id="3.2g-too-late"
        ),
        pytest.param([play(0, "2H"), challenge(0, 0)], None, "challenge.own_side", id="3.2g-own-play"),
        pytest.param(
            [play(1, "2H"), challenge(3, 0)],
            HandSetup(players=4, teams=True, table=TABLE),
            "challenge.own_side",
            id="3.2g-partner",
        ),
        pytest.param(
            [play(0, "2H"), challenge(1, 0), challenge(1, 0)], None, "challenge.repeated", id="3.2g-once"
        ),
        pytest.param([play(0, "2H"), challenge(2, 0)], None, "challenge.bad_seat", id="A4-seats"),
    ],
)
def test_escoba_refuses_a_bad_challenge(log: list[LogEntry], setup: HandSetup | None, code: str) -> None:
    assert (
        violation(log, setup or HandSetup(players=2, dealer=1, table=TABLE), manual_capture=True).code == code
    )


def test_escoba_six_players_play_in_three_pairs() -> None:
    setup = HandSetup(players=6, teams=True, dealer=5, table=TABLE)
    report = replay([play(0, "7H", "4C 3C"), play(1, "2H"), play(2, "AD"), play(3, "5S")], setup)
    assert [side.seats for side in report.sides] == [(0, 3), (1, 4), (2, 5)]
    assert [side.cards for side in report.sides] == [3, 0, 0]


def finished(seed: int, players: int = 2, **options: object) -> tuple[HandSetup, tuple[LogEntry, ...]]:
    rules = hand_rules(players, escoba.escoba_options(options))  # type: ignore[arg-type]  # raw JSON
    return random_hand(rules, players, random.Random(seed).randrange)


def test_escoba_last_play_sweep_option() -> None:
    seed = next(seed for seed in range(500) if _last_play_sweeps(*finished(seed)))
    setup, log = finished(seed)
    counted = replay(list(log), setup)
    uncounted = replay(list(log), setup, last_play_sweep=False)
    assert sum(side.sweeps for side in counted.sides) == sum(side.sweeps for side in uncounted.sides) + 1
    assert sum(side.total for side in counted.sides) == sum(side.total for side in uncounted.sides) + 1


def _last_play_sweeps(setup: HandSetup, log: tuple[LogEntry, ...]) -> bool:
    before = replay(list(log[:-1]), setup)
    return bool(log[-1].taken) and len(log[-1].taken) == len(before.table)


def test_escoba_leftovers_go_to_the_last_capturer() -> None:
    setup, log = next(hand for hand in map(finished, range(100)) if replay(list(hand[1]), hand[0]).leftovers)
    report = replay(list(log), setup)
    last = next(entry.seat for entry in reversed(log) if entry.taken)
    assert report.leftover_side == last
    assert report.table == ()


@settings(max_examples=25, deadline=None)
@given(
    st.data(),
    st.sampled_from([2, 3, 4, 5, 6]),
    st.sampled_from(["classic", "scopone"]),
    st.sampled_from(["pair", "any", "fifteen"]),
    st.booleans(),
)
@pytest.mark.slow
def test_escoba_random_hands_conserve_cards_and_items(
    data: st.DataObject, players: int, deal: str, capture: str, muerto: bool
) -> None:
    options: dict[str, OptionValue] = {"deal": deal, "capture": capture, "muerto": muerto}
    teams = players in (4, 6) and data.draw(st.booleans())
    rules = hand_rules(players, escoba.escoba_options(options))
    setup, log = random_hand(rules, players, lambda n: data.draw(st.integers(0, n - 1)), teams=teams)
    report = escoba.replay_hand(setup, log, options)
    assert report.complete
    unscored = len(report.leftovers) if report.leftover_side is None else 0
    assert sum(side.cards for side in report.sides) + unscored + rules.set_aside == 40
    items = sum(sum(side.points.values()) - side.points["sweeps"] for side in report.sides)
    assert items <= 4
    earned = [sum(side.points.values()) for side in report.sides]
    expected = [sum(earned) - own for own in earned] if muerto else earned
    assert [side.total for side in report.sides] == expected
