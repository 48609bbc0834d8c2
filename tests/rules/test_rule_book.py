"""The readings of the rules reference through the engine, and the edition that keeps stored matches as
they were (docs/rules/shared.md A2, A4, A5; docs/rules/escoba.md 3.2; docs/rules/tablo.md B10;
docs/rules/twenty.md W10; worked examples TB-20, EB-8, TW-7, TW-8)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba, tablo, tamlin, twenty
from games.rules.cards import Card, parse_cards
from games.rules.errors import BadOptionValue, RuleViolation, SummaryInconsistent
from games.rules.escoba_hand import hand_rules, replay_with_challenges
from games.rules.escoba_scoring import EscobaCounts, escoba_points
from games.rules.game import HandReport, HandSetup, LogEntry, OptionValue, SideReport, resolve_options
from games.rules.hand import replay
from games.rules.registry import GAMES
from tests.rules.playouts import random_hand
from tests.rules.test_tablo import tiny_rules

ESCOBA_TABLE = parse_cards(["3C", "4D", "5H", "6S"])


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


def challenge(by: int, play_index: int) -> LogEntry:
    return LogEntry(seat=by, challenge_of=play_index)


def escoba_replay(log: list[LogEntry], **options: object) -> HandReport:
    setup = HandSetup(players=2, dealer=0, table=ESCOBA_TABLE)
    return escoba.replay_hand(setup, log, {"manual_capture": True, **options})  # type: ignore[dict-item]


def problem_codes(error: SummaryInconsistent) -> list[str]:
    problems = error.facts["problems"]
    assert isinstance(problems, list)
    return [problem["code"] for problem in problems]


# Escoba: who leads (3.2(a)).


@pytest.mark.parametrize(
    ("lead", "dealer", "first"),
    [
        pytest.param("after_dealer", 0, 1, id="3.2a-after-the-dealer-by-default"),
        pytest.param("dealer", 0, 0, id="3.2a-the-dealer-leads"),
        pytest.param("dealer", 2, 2, id="3.2a-the-dealer-leads-from-the-last-seat"),
    ],
)
def test_escoba_lead_option_names_the_first_player(lead: str, dealer: int, first: int) -> None:
    setup = HandSetup(players=3, dealer=dealer, table=ESCOBA_TABLE)
    report = escoba.replay_hand(setup, [], {"lead": lead})
    assert report.next_seat == first
    after = escoba.replay_hand(setup, [play(first, "2H")], {"lead": lead})
    assert after.next_seat == (first + 1) % 3


def test_escoba_lead_is_an_option_with_the_after_dealer_default() -> None:
    assert resolve_options(escoba.GAME, None)["lead"] == "after_dealer"
    with pytest.raises(BadOptionValue):
        resolve_options(escoba.GAME, {"lead": "left"})


# Escoba: primera needs every suit (3.2(c)).


def test_escoba_primera_a_side_lacking_a_suit_cannot_win_the_point() -> None:
    rich = EscobaCounts.of(parse_cards(["7D", "7S", "7H", "6H", "6S"]), 0)  # no club: 84 points of sevens
    poor = EscobaCounts.of(parse_cards(["8S", "8H", "8D", "8C"]), 0)  # every suit: 40
    assert (rich.primera, poor.primera) == (0, 40)
    points = escoba_points([rich, poor], sevens="primera")
    assert [side["primera"] for side in points] == [0, 1]


def test_escoba_primera_nobody_has_every_suit_nobody_scores() -> None:
    sides = [EscobaCounts.of(parse_cards(cards.split()), 0) for cards in ("7D 7S 7H", "7C 6C")]
    assert [side["primera"] for side in escoba_points(sides, sevens="primera")] == [0, 0]


def test_escoba_primera_in_edition_1_let_a_missing_suit_add_nothing() -> None:
    cards = parse_cards(["7D", "7S", "7H", "6H", "6S"])
    assert EscobaCounts.of(cards, 0, all_suits=False).primera == 63


def test_escoba_primera_quick_entry_needs_four_cards_for_a_primera() -> None:
    rows = [
        {"cards": 3, "diamonds": 1, "sevens": 1, "seven_diamonds": 1, "sweeps": 0, "primera": 50},
        {"cards": 37, "diamonds": 9, "sevens": 3, "seven_diamonds": 0, "sweeps": 0, "primera": 70},
    ]
    with pytest.raises(SummaryInconsistent) as caught:
        escoba.score_summary(HandSetup(players=2), rows, {"sevens": "primera"})
    assert problem_codes(caught.value) == ["summary.too_few_cards"]
    report = escoba.score_summary(HandSetup(players=2), rows, {"sevens": "primera", "edition": 1})
    assert [side.points["primera"] for side in report.sides] == [0, 1]


# Escoba: any number of challenges; a rightly challenged capture is taken back (3.2(g), EB-8).


def test_eb8_three_challenges_in_one_hand_each_ruled_on_its_own_play() -> None:
    log = [
        play(1, "7H", "5H"),
        challenge(0, 0),  # a 7 cannot take a 5: right, taken back
        play(0, "9D", "3C 6S"),
        challenge(1, 1),  # legal: a false alarm
        play(1, "4S"),
        challenge(0, 2),  # the 4 had to take the 4♦: right, the trail stands
    ]
    report = escoba_replay(log)
    rulings = report.extra["rulings"]
    assert isinstance(rulings, list)
    assert [(r["play_index"], r["by"], r["correct"], r["points"], r["taken_back"]) for r in rulings] == [
        (0, 0, True, 2, True),
        (1, 1, False, -1, False),
        (2, 0, True, 2, False),
    ]
    assert set(report.table) == set(parse_cards(["4D", "5H", "7H", "4S"]))
    assert [side.cards for side in report.sides] == [3, 0]
    assert [side.points["challenges"] for side in report.sides] == [4, -1]


def test_a_rightly_challenged_sweep_is_taken_back_and_scores_nothing() -> None:
    log = [play(1, "10H", "3C 4D 5H 6S")]  # 10 cannot take 18: a wrong sweep
    assert escoba_replay(log).sides[1].sweeps == 1  # unchallenged, the mistake stands
    report = escoba_replay([*log, challenge(0, 0)])
    assert (report.sides[1].sweeps, report.sides[1].cards, report.sides[1].points["sweeps"]) == (0, 0, 0)
    assert set(report.table) == set(parse_cards(["3C", "4D", "5H", "6S", "10H"]))


def test_in_edition_1_a_rightly_challenged_capture_stood() -> None:
    report = escoba_replay([play(1, "7H", "5H"), challenge(0, 0)], edition=1)
    assert report.sides[1].cards == 2
    assert report.extra["rulings"] == [
        {
            "play_index": 0,
            "by": 0,
            "correct": True,
            "points": 2,
            "code": "capture.illegal",
            "taken_back": False,
        }
    ]


def test_a_play_is_challenged_once_only() -> None:
    with pytest.raises(RuleViolation) as caught:
        escoba_replay([play(1, "7H", "5H"), challenge(0, 0), challenge(0, 0)])
    assert caught.value.code == "challenge.repeated"


def test_the_last_play_taken_back_gives_the_leftovers_again() -> None:
    rules = replace(hand_rules(2, escoba.escoba_options({"manual_capture": True})), deals=(1,))
    setup = HandSetup(players=2, dealer=0, table=ESCOBA_TABLE)
    log = [play(1, "2H"), play(0, "7H", "5H")]  # the hand's last play: a wrong capture
    stands, _ = replay_with_challenges(rules, setup, log)
    assert (stands.leftover_side, len(stands.piles[0])) == (0, 6)
    taken_back, _ = replay_with_challenges(rules, setup, [*log, challenge(1, 1)])
    assert taken_back.is_complete
    assert (taken_back.leftover_side, taken_back.piles) == (None, ((), ()))  # nobody captured (A5)
    assert set(taken_back.leftovers) == set(parse_cards(["3C", "4D", "5H", "6S", "2H", "7H"]))


# Tablo: leftovers by pack order, also when nobody captured; the deal passes the way play goes.


def tablo_hand(plays: str) -> tuple[bool, int | None]:
    """Whether the tiny 2-card Tablo hand of ``plays`` is complete, and who got the leftovers."""
    log = []
    for entry in plays.split():
        seat, card, taken = entry.split(":")
        log.append(play(int(seat), card, taken))
    setup = HandSetup(players=2, dealer=0, table=parse_cards(["9D", "2H", "5C", "4D"]))
    state = replay(tiny_rules("last_card"), setup, log)
    return state.is_complete, state.leftover_side


@pytest.mark.parametrize(
    ("plays", "side"),
    [
        pytest.param("1:9S:9D 0:2S:2H 1:KS: 0:AS:", 0, id="TB-20-ace-above-king"),
        pytest.param("1:3S: 0:3H: 1:6S: 0:7S:", 0, id="TB-20-nobody-captured-the-seven-is-highest"),
        pytest.param("1:3S: 0:3H: 1:AS: 0:KS:", 1, id="TB-20-nobody-captured-the-ace-is-highest"),
    ],
)
def test_tb20_leftovers_go_to_the_highest_last_card_in_pack_order(plays: str, side: int) -> None:
    assert tablo_hand(plays) == (True, side)


@pytest.mark.parametrize(
    ("options", "previous", "players", "dealer"),
    [
        pytest.param({}, 0, 3, 1, id="A4-clockwise-the-deal-passes-left"),
        pytest.param({"direction": "counterclockwise"}, 0, 3, 2, id="B7-counterclockwise-passes-right"),
        pytest.param({"direction": "counterclockwise"}, 2, 3, 1, id="B7-counterclockwise-from-seat-2"),
        pytest.param({"direction": "counterclockwise", "edition": 1}, 0, 3, 1, id="edition-1-passed-left"),
        pytest.param({}, None, 3, 0, id="A4-seat-0-deals-first"),
    ],
)
def test_tablo_next_dealer_follows_the_direction(
    options: dict[str, object], previous: int | None, players: int, dealer: int
) -> None:
    assert tablo.GAME.next_dealer(previous, players, options) == dealer  # type: ignore[arg-type]


def test_other_games_pass_the_deal_to_the_left() -> None:
    for game in (escoba.GAME, tamlin.GAME, twenty.GAME):
        assert game.next_dealer(1, 2, {}) == 0
        assert game.next_dealer(None, 2, {}) == 0


# Twenty: draws and round starters (A4, A5, W10, TW-7, TW-8).


def twenty_round(number: int | None, starter: int, **options: object) -> HandReport:
    setup = HandSetup(players=2, starter=starter, set_aside=parse_cards(["7D", "3C"]), number=number)
    return twenty.replay_hand(setup, [], options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("number", "starter"),
    [pytest.param(2, 0, id="TW-8-round-2-by-seat-0"), pytest.param(1, 1, id="A4-round-1-by-seat-1")],
)
def test_tw8_a_round_started_by_the_wrong_seat_is_refused(number: int, starter: int) -> None:
    with pytest.raises(RuleViolation) as caught:
        twenty_round(number, starter)
    assert caught.value.code == "twenty.wrong_round_starter"
    assert caught.value.facts == {"round": number, "seat": number - 1, "starter": starter}
    assert twenty_round(number, starter, edition=1).next_seat == starter  # edition 1 accepted it


def test_rounds_started_by_their_own_seat_are_fine() -> None:
    assert twenty_round(1, 0).next_seat == 0
    assert twenty_round(2, 1).next_seat == 1
    assert twenty_round(None, 0).next_seat == 0  # a round alone: its number is unknown


def finished_round(first: int, second: int) -> HandReport:
    report = twenty_round(None, 0)
    sides = tuple(
        SideReport(seats=side.seats, total=total)
        for side, total in zip(report.sides, (first, second), strict=True)
    )
    return HandReport(complete=True, next_seat=None, sides=sides)


@pytest.mark.parametrize(
    ("rounds", "winner_rule", "edition", "winner", "draw"),
    [
        pytest.param([(10, 5), (5, 10)], "higher", 2, None, True, id="TW-7-15-15-higher-draw"),
        pytest.param([(10, 5), (5, 10)], "over_twenty", 2, None, True, id="TW-7-15-15-over-twenty-draw"),
        pytest.param([(10, 5), (8, 7)], "over_twenty", 2, None, False, id="TW-7-18-12-nobody"),
        pytest.param([(20, 5), (5, 7)], "over_twenty", 2, 0, False, id="TW-7-25-12-wins"),
        pytest.param([(10, 5), (5, 10)], "over_twenty", 1, None, False, id="edition-1-no-draw-at-15"),
    ],
)
def test_tw7_equal_totals_draw_under_both_winner_options(
    rounds: list[tuple[int, int]], winner_rule: str, edition: int, winner: int | None, draw: bool
) -> None:
    options: dict[str, OptionValue] = {"winner": winner_rule, "edition": edition}
    status = twenty.match_status([finished_round(*totals) for totals in rounds], 2, options, False)
    assert (status.finished, status.winner, status.draw) == (True, winner, draw)


# Options whose default is none accept null (A2).


def test_every_option_whose_default_is_none_accepts_null() -> None:
    nullable = [(game, spec) for game in GAMES.values() for spec in game.option_specs if spec.default is None]
    assert [(game.name, spec.key) for game, spec in nullable] == [("tamlin", "time_limit_minutes")]
    for game, spec in nullable:
        assert resolve_options(game, {spec.key: None})[spec.key] is None


def test_null_is_refused_for_an_option_with_a_default() -> None:
    with pytest.raises(BadOptionValue):
        resolve_options(tablo.GAME, {"target": None})


# Quick entry refuses what cannot happen at a table (A5).


TABLO_OK = {"cards": 26, "point_cards": 11, "tablos": 0}


@pytest.mark.parametrize(
    ("game", "rows", "options", "codes"),
    [
        pytest.param(
            tablo,
            [{"cards": 1, "point_cards": 0, "tablos": 0}, {"cards": 51, "point_cards": 22, "tablos": 0}],
            {},
            ["summary.one_card"],
            id="A5-tablo-one-card",
        ),
        pytest.param(
            tablo,
            [{"cards": 0, "point_cards": 1, "tablos": 0}, {"cards": 52, "point_cards": 21, "tablos": 0}],
            {},
            ["summary.not_held"],
            id="A5-tablo-0-cards-1-point",
        ),
        pytest.param(
            tablo,
            [{"cards": 0, "point_cards": 0, "tablos": 0}] * 2,
            {},
            ["summary.total_mismatch", "summary.total_mismatch"],
            id="A5-tablo-last-card-someone-gets-the-52",
        ),
        pytest.param(
            escoba,
            [
                {"cards": 1, "diamonds": 0, "sevens": 0, "seven_diamonds": 0, "sweeps": 0},
                {"cards": 39, "diamonds": 10, "sevens": 4, "seven_diamonds": 1, "sweeps": 0},
            ],
            {},
            ["summary.one_card"],
            id="A5-escoba-one-card",
        ),
        pytest.param(
            tamlin,
            [
                {
                    "cards": 0,
                    "spades": 0,
                    "ten_diamonds": 0,
                    "two_spades": 0,
                    "aces": 1,
                    "tamlins": 0,
                    "jack_penalties": 0,
                },
                {
                    "cards": 52,
                    "spades": 13,
                    "ten_diamonds": 1,
                    "two_spades": 1,
                    "aces": 3,
                    "tamlins": 0,
                    "jack_penalties": 0,
                },
            ],
            {},
            ["summary.not_held"],
            id="A5-tamlin-an-ace-without-cards",
        ),
    ],
)
def test_quick_entry_refuses_what_cannot_happen(
    game: object, rows: list[dict[str, int]], options: dict[str, object], codes: list[str]
) -> None:
    with pytest.raises(SummaryInconsistent) as caught:
        game.score_summary(HandSetup(players=2), rows, options)  # type: ignore[attr-defined]
    assert problem_codes(caught.value) == codes


def test_edition_1_quick_entry_took_one_card_and_points_without_cards() -> None:
    rows = [{"cards": 0, "point_cards": 1, "tablos": 0}, {"cards": 52, "point_cards": 21, "tablos": 0}]
    report = tablo.score_summary(HandSetup(players=2), rows, {"edition": 1})
    assert report.sides[0].points["point_cards"] == 1
    rows = [{"cards": 1, "point_cards": 0, "tablos": 0}, {"cards": 51, "point_cards": 22, "tablos": 0}]
    assert tablo.score_summary(HandSetup(players=2), rows, {"edition": 1}).complete


def test_quick_entry_still_takes_an_all_zero_hand_where_nobody_gets_the_leftovers() -> None:
    zero = [{"cards": 0, "point_cards": 0, "tablos": 0}] * 2
    report = tablo.score_summary(HandSetup(players=2), zero, {"leftovers": "last_capturer"})
    assert [side.total for side in report.sides] == [0, 0]
    assert tablo.score_summary(HandSetup(players=2), [TABLO_OK, TABLO_OK], {}).complete


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.booleans(), min_size=40, max_size=40))
def test_challenged_captures_taken_back_keep_every_card_once(seed: int, challenged: list[bool]) -> None:
    """A random hand where some captures are made wrong (one taken card left behind) and some plays
    are challenged: every card ends exactly once in a pile or the leftovers (docs/rules/escoba.md 3.2(g))."""
    options = escoba.escoba_options({"manual_capture": True})
    setup, legal = random_hand(hand_rules(2, options), 2, random.Random(seed).randrange)
    log: list[LogEntry] = []
    made_wrong = set()
    for index, entry in enumerate(legal):
        if challenged[index] and len(entry.taken) == 2:  # a pair made into a wrong single card
            made_wrong.add(index)
            entry = replace(entry, taken=entry.taken[:1])
        log.append(entry)
        if challenged[index] or index % 7 == 3:
            log.append(challenge(1 - entry.seat, index))
    report = escoba.replay_hand(setup, log, {"manual_capture": True})
    assert report.complete
    piles = sum(side.cards for side in report.sides)
    assert piles + (len(report.leftovers) if report.leftover_side is None else 0) == 40
    rulings = report.extra["rulings"]
    assert isinstance(rulings, list)
    for ruling in rulings:
        wrong = ruling["play_index"] in made_wrong
        assert ruling["taken_back"] == (ruling["code"] == "capture.illegal")
        assert not wrong or (ruling["correct"] and ruling["taken_back"])
    points = [sum(ruling["points"] for ruling in rulings if ruling["by"] == seat) for seat in (0, 1)]
    assert [side.points["challenges"] for side in report.sides] == points
