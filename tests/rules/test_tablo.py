"""Tablo (docs/rules/tablo.md A2, B1-B12): the worked examples TB-1..TB-19, hands, summaries, the match
end."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import tablo, tablo_scoring
from games.rules.capture.capturing import capture_check, capture_list
from games.rules.cards import Card, deck, format_cards, parse_cards
from games.rules.errors import RuleViolation, SummaryInconsistent
from games.rules.game import HandReport, HandSetup, LogEntry, OptionValue, SideReport
from games.rules.hand import HandRules, last_capturer, last_card_rule, replay
from games.rules.tablo_scoring import card_bonus, card_points, tablo_points
from tests.rules.playouts import random_hand

TABLE = "10S 2H 7C 5D"


def cards_of(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def captures(table: str, card: str) -> list[set[str]]:
    return [
        set(format_cards(capture.cards)) for capture in capture_list("tablo", table.split(), card).captures
    ]


def sets(*groups: str) -> list[set[str]]:
    return [set(group.split()) for group in groups]


@pytest.mark.parametrize(
    ("table", "card", "expected"),
    [
        pytest.param(TABLE, "KS", sets("2H 7C 5D"), id="TB-1-king-takes-2-7-5-only"),
        pytest.param(TABLE, "7S", sets("2H 7C 5D", "2H 5D", "7C"), id="TB-2-seven-equal-and-sum"),
        pytest.param(TABLE, "JS", sets("10S 2H 7C 5D", "10S 2H", "7C 5D"), id="TB-3-jack-two-sums-a-tablo"),
        pytest.param(TABLE, "2S", sets("2H"), id="TB-4a-two-takes-two"),
        pytest.param(TABLE, "10H", sets("10S"), id="TB-4b-ten-takes-ten"),
        pytest.param("3S 10H AC", "KD", sets("3S 10H AC", "3S AC"), id="TB-5-king-with-ace-as-1-sweeps"),
        pytest.param("3S 10H AC", "4D", sets("3S AC"), id="TB-6-four-takes-3-and-ace-as-1"),
        pytest.param("3S 10H AC", "AD", sets("10H AC", "AC"), id="TB-7-ace-takes-ace-and-10-ace"),
        pytest.param("3S AC", "AD", sets("AC"), id="TB-7-without-the-ten"),
        pytest.param("3H 4D 4C", "7S", sets("3H 4D", "3H 4C"), id="TB-8-a-card-in-one-group-only"),
        pytest.param("3H 3S 4D 4C", "7S", sets("3H 3S 4D 4C", "3H 4D", "3H 4C", "3S 4D", "3S 4C"), id="TB-9"),
        pytest.param("KH 9S 4D 3C", "KS", sets("KH"), id="TB-14a-king-takes-king"),
        pytest.param("KH 9S 4D 3C", "QS", sets("9S 4D"), id="TB-14b-queen-13-takes-9-4"),
        pytest.param("KH 9S 4D 5C", "9H", sets("9S 4D 5C", "4D 5C", "9S"), id="TB-14c-nine-equal-and-sum"),
        pytest.param("2S 6H QD 9C", "8D", sets("2S 6H"), id="TB-15-eight-takes-6-2"),
        pytest.param("2S 6H QD 9C", "AD", sets("2S 9C"), id="TB-15-ace-11-takes-9-2"),
        pytest.param("2S 6H QD 9C", "JD", [], id="TB-15-no-jack-sweep-in-tablo"),
    ],
)
def test_legal_captures_of_the_worked_examples(table: str, card: str, expected: list[set[str]]) -> None:
    found = captures(table, card)
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected))
    assert found[:1] == expected[:1]  # the best first: a tablo, else the most points, then cards


def test_tb5_the_tablo_with_ace_as_1_is_found_and_grouped() -> None:
    found = capture_list("tablo", ["3S", "10H", "AC"], "KD").captures[0]
    assert found.sweep
    assert [format_cards(group) for group in found.groups] == [["3S", "10H", "AC"]]
    assert found.points == 3  # 10H, AC and the King played (B3)


@pytest.mark.parametrize(
    ("table", "taken"),
    [
        pytest.param("JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD", "JH", id="TB-10-equal-jack"),
        pytest.param("JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD", "2C 10S", id="TB-10-2-10"),
        pytest.param("JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD", "2D 3C 7D", id="TB-10-2-3-7"),
        pytest.param("JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD", "AH 3D 3S 5C", id="TB-10-ace-3-3-5"),
        pytest.param("JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD", "AS AD", id="TB-10-ace-1-ace-11"),
        pytest.param(
            "JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD",
            "JH 2C 10S 2D 3C 7D AH 3D 3S 5C AS AD",
            id="TB-10-all-at-once",
        ),
        pytest.param("QH AS 8C 6D 9S 5H", "QH AS 8C 6D 9S 5H", id="TB-12-king-takes-all-six"),
    ],
)
def test_each_group_and_all_groups_at_once_are_legal_for_a_jack_or_king(table: str, taken: str) -> None:
    card = "KC" if table.startswith("QH") else "JS"
    verdict = capture_check("tablo", table.split(), card, taken.split())
    assert verdict.legal
    assert verdict.sweep == (len(taken.split()) == len(table.split()))


@pytest.mark.parametrize(
    "table", [pytest.param(table, id="TB-11") for table in ("AH", "AH 10S", "AH AS 9D", "AH AS AD 8C")]
)
def test_tb11_a_played_ace_takes_aces_counted_as_1_or_11(table: str) -> None:
    assert capture_check("tablo", table.split(), "AC", table.split()).legal


def test_tb8_taking_all_three_is_illegal_and_the_alternatives_are_given() -> None:
    verdict = capture_check("tablo", ["3H", "4D", "4C"], "7S", ["3H", "4D", "4C"])
    assert not verdict.legal
    assert verdict.code == "capture.illegal"
    assert [set(format_cards(cards)) for cards in verdict.alternatives] == sets("3H 4D", "3H 4C")


@pytest.mark.parametrize(
    ("table", "card", "taken", "code"),
    [
        pytest.param("3H 4D", "7S", "3H 5D", "capture.not_on_table", id="A3-taken-card-not-on-table"),
        pytest.param("3H 4D", "7S", "3H 3H", "card.duplicate", id="A1-taken-twice"),
        pytest.param("3H 7S", "7S", "3H", "card.duplicate", id="A1-played-card-on-table"),
        pytest.param("3H 4D", "7X", "3H", "card.bad_text", id="A1-bad-card-text"),
    ],
)
def test_malformed_capture_checks_are_refused(table: str, card: str, taken: str, code: str) -> None:
    with pytest.raises(RuleViolation) as raised:
        capture_check("tablo", table.split(), card, taken.split())
    assert raised.value.code == code


def test_tb4b_ten_of_diamonds_makes_three_points_with_another_ten() -> None:
    assert capture_list("tablo", ["10S"], "10D").captures[0].points == 3


def test_b3_point_cards_total_22() -> None:
    assert sum(map(card_points, deck())) == 22
    assert card_points(Card.parse("10D")) == 2
    assert card_points(Card.parse("2C")) == 1
    assert card_points(Card.parse("2D")) == 0


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param((26, 26), (0, 0), id="TB-16-26"),
        pytest.param((27, 25), (1, 0), id="TB-16-27"),
        pytest.param((24, 28), (0, 2), id="TB-16-28"),
        pytest.param((29, 23), (3, 0), id="TB-16-29"),
        pytest.param((30, 22), (3, 0), id="TB-16-30"),
        pytest.param((20, 18, 14), (2, 1, 0), id="TB-17-placings"),
        pytest.param((20, 20, 12), (1, 1, 0), id="TB-17-tied-for-most"),
        pytest.param((24, 14, 14), (2, 0, 0), id="TB-17-tied-below"),
        pytest.param((16, 14, 12, 10), (3, 2, 1, 0), id="TB-18-placings"),
        pytest.param((15, 15, 12, 10), (2, 2, 1, 0), id="TB-18-two-tied-for-most"),
        pytest.param((14, 14, 14, 10), (1, 1, 1, 0), id="TB-18-three-tied-for-most"),
        pytest.param((18, 13, 13, 8), (3, 1, 1, 0), id="TB-18-tie-in-the-middle"),
        pytest.param((20, 16, 8, 8), (3, 2, 0, 0), id="TB-18-tie-at-the-bottom"),
        pytest.param((16, 12, 12, 12), (3, 0, 0, 0), id="TB-18-three-tied-below"),
        pytest.param((13, 13, 13, 13), (0, 0, 0, 0), id="TB-18-all-tied"),
    ],
)
def test_graded_card_bonus(cards: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert card_bonus(cards, "graded") == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param((27, 25), (3, 0), id="B11-majority3-most"),
        pytest.param((26, 26), (0, 0), id="B11-majority3-tie"),
        pytest.param((20, 20, 12), (0, 0, 0), id="B11-majority3-tie-for-most"),
        pytest.param((16, 14, 12, 10), (3, 0, 0, 0), id="B11-majority3-four"),
    ],
)
def test_majority3_card_bonus(cards: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert card_bonus(cards, "majority3") == expected


@pytest.mark.parametrize(
    ("before", "tablos", "rule", "points"),
    [
        pytest.param(0, 4, "per_five", 0, id="TB-19-4"),
        pytest.param(0, 5, "per_five", 1, id="TB-19-5"),
        pytest.param(0, 9, "per_five", 1, id="TB-19-9"),
        pytest.param(0, 10, "per_five", 2, id="TB-19-10"),
        pytest.param(4, 1, "per_five", 1, id="TB-19-fifth-over-the-match"),
        pytest.param(5, 4, "per_five", 0, id="TB-19-ninth-over-the-match"),
        pytest.param(0, 4, "per_tablo", 4, id="TB-19-per-tablo"),
    ],
)
def test_tablo_points(before: int, tablos: int, rule: str, points: int) -> None:
    assert tablo_points(tablos, before=before, rule=rule) == points


def play(seat: int, card: str, taken: str = "") -> LogEntry:
    return LogEntry(seat=seat, card=Card.parse(card), taken=parse_cards(taken.split()))


def replay_tablo(log: list[LogEntry], setup: HandSetup | None = None, **options: OptionValue) -> HandReport:
    return tablo.replay_hand(
        setup or HandSetup(players=2, dealer=0, table=cards_of("4C 10S KD 6H")), log, options
    )


def test_tb13_six_takes_six_then_king_takes_king_and_4_10_as_a_tablo() -> None:
    report = replay_tablo([play(1, "6S", "6H"), play(0, "KC", "KD 4C 10S")])
    assert report.table == ()
    assert [side.sweeps for side in report.sides] == [1, 0]
    assert [side.cards for side in report.sides] == [4, 2]
    assert not report.complete
    assert report.next_seat == 1
    assert [side.total for side in report.sides] == [0, 0]  # scores come when the hand is complete


@pytest.mark.parametrize(
    ("log", "code", "index"),
    [
        pytest.param([play(0, "6S")], "turn.wrong_seat", 0, id="B7-dealer-left-plays-first"),
        pytest.param([play(1, "6S"), play(0, "6S")], "card.duplicate", 1, id="A1-card-played-twice"),
        pytest.param([play(1, "KD")], "card.duplicate", 0, id="A1-table-card-played"),
        pytest.param([play(1, "6S", "6D")], "capture.not_on_table", 0, id="A3-taken-not-on-table"),
        pytest.param([play(1, "QS", "4C 10S")], "capture.illegal", 0, id="B8-sum-is-not-the-value"),
    ],
)
def test_bad_plays_are_refused_with_their_index(log: list[LogEntry], code: str, index: int) -> None:
    with pytest.raises(RuleViolation) as raised:
        replay_tablo(log)
    assert raised.value.code == code
    assert raised.value.facts["play_index"] == index


def test_an_illegal_capture_lists_the_legal_alternatives() -> None:
    with pytest.raises(RuleViolation) as raised:
        replay_tablo([play(1, "KS", "10S")])
    assert raised.value.facts["alternatives"] == [["4C", "10S", "KD"], ["4C", "10S"], ["KD"]]


def test_capturing_is_optional_in_tablo() -> None:
    report = replay_tablo([play(1, "KS")])
    assert format_cards(report.table) == ["4C", "10S", "KD", "6H", "KS"]


@pytest.mark.parametrize(
    ("setup", "options", "code"),
    [
        pytest.param(HandSetup(players=5, table=cards_of("2C 3C 4C 5C")), {}, "players.bad_count", id="B1"),
        pytest.param(
            HandSetup(players=2, teams=True, table=cards_of("2C 3C 4C 5C")),
            {},
            "players.bad_teams",
            id="B1",
        ),
        pytest.param(HandSetup(players=2, table=cards_of("2C 3C 4C")), {}, "table.bad_size", id="B5"),
        pytest.param(
            HandSetup(players=2, dealer=2, table=cards_of("2C 3C 4C 5C")),
            {},
            "setup.bad_dealer",
            id="A4",
        ),
        pytest.param(
            HandSetup(players=2, table=cards_of("2C 3C 4C 5C"), sweeps_before=(1,)),
            {},
            "setup.bad_sweeps_before",
            id="B9",
        ),
        pytest.param(
            HandSetup(players=2, table=cards_of("2C 3C 4C 5C")),
            {"x": 1},
            "options.unknown",
            id="A2",
        ),
        pytest.param(
            HandSetup(players=2, table=cards_of("2C 3C 4C 5C")),
            {"card_bonus": "most"},
            "options.bad_value",
            id="A2",
        ),
        pytest.param(
            HandSetup(players=2, table=cards_of("2C 3C 4C 5C")),
            {"target": 0},
            "options.bad_value",
            id="A2",
        ),
    ],
)
def test_bad_setups_and_options_are_refused(
    setup: HandSetup, options: dict[str, OptionValue], code: str
) -> None:
    with pytest.raises(RuleViolation) as raised:
        tablo.replay_hand(setup, [], options)
    assert raised.value.code == code


@pytest.mark.parametrize(
    ("players", "dealer", "direction", "order"),
    [
        pytest.param(4, 0, "clockwise", [1, 2, 3, 0, 1], id="B7-clockwise-from-dealers-left"),
        pytest.param(4, 0, "counterclockwise", [3, 2, 1, 0, 3], id="B7-counterclockwise-from-dealers-right"),
        pytest.param(3, 2, "clockwise", [0, 1, 2, 0], id="A4-three-players"),
    ],
)
def test_turn_order(players: int, dealer: int, direction: str, order: list[int]) -> None:
    rest = iter(card for card in deck() if card not in cards_of("2C 3C 4C 5C") and card.rank in (7, 8, 9))
    log = [LogEntry(seat=seat, card=next(rest)) for seat in order]
    setup = HandSetup(players=players, dealer=dealer, table=cards_of("2C 3C 4C 5C"))
    report = tablo.replay_hand(setup, log, {"direction": direction})
    assert len(report.table) == 4 + len(order)


@pytest.mark.parametrize(
    ("players", "deals"),
    [
        pytest.param(2, (6, 6, 6, 6), id="B6-2p"),
        pytest.param(3, (6, 6, 4), id="B6-3p"),
        pytest.param(4, (6, 6), id="B6-4p"),
    ],
)
def test_deals_use_up_the_pack(players: int, deals: tuple[int, ...]) -> None:
    rules = tablo.hand_rules(players, tablo.tablo_options({}))
    assert rules.deals == deals
    assert rules.table_size + players * sum(deals) == 52


def tiny_rules(leftovers_rule: str, edition: int = 2) -> HandRules:
    """Tablo capturing with one card each, to look at the end of a hand (B10)."""
    rules = tablo.hand_rules(2, tablo.tablo_options({"leftovers": leftovers_rule, "edition": edition}))
    return HandRules(
        game="tablo",
        deck=rules.deck,
        capturing=rules.capturing,
        table_size=4,
        deals=(2,),
        leftovers=rules.leftovers,
    )


@pytest.mark.parametrize(
    ("rule", "plays", "side", "edition"),
    [
        pytest.param("last_card", "1:9S:9D 0:3S: 1:7S: 0:2S:2H", 0, 2, id="B10-last-capture-with-last-card"),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:3S: 0:7S:", 0, 2, id="B10-else-the-highest-last-card"),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:KS: 0:AS:", 0, 2, id="B10-pack-order-ace-above-king"),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:AS: 0:10S:", 1, 2, id="B10-ace-above-ten"),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:KS: 0:QS:", 1, 2, id="B10-king-above-queen"),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:7S: 0:7H:", 0, 2, id="B10-tie-to-the-later-played"),
        pytest.param("last_capturer", "1:9S:9D 0:2S:2H 1:KS: 0:3S:", 0, 2, id="B10-variant-last-capturer"),
        pytest.param("last_card", "1:3S: 0:3H: 1:6S: 0:7S:", 0, 2, id="A5-nobody-captured-highest-last-card"),
        pytest.param("last_card", "1:3S: 0:3H: 1:AS: 0:KS:", 1, 2, id="A5-nobody-captured-ace-highest"),
        pytest.param(
            "last_capturer", "1:3S: 0:3H: 1:6S: 0:7S:", None, 2, id="A5-nobody-captured-last-capturer"
        ),
        pytest.param("last_card", "1:9S:9D 0:2S:2H 1:KS: 0:AS:", 1, 1, id="edition-1-king-above-ace-11"),
        pytest.param("last_card", "1:3S: 0:3H: 1:6S: 0:7S:", None, 1, id="edition-1-nobody-captured"),
    ],
)
def test_leftovers_at_the_end_of_a_hand(rule: str, plays: str, side: int | None, edition: int) -> None:
    log = []
    for entry in plays.split():
        seat, card, taken = entry.split(":")
        log.append(play(int(seat), card, taken))
    setup = HandSetup(players=2, dealer=0, table=cards_of("9D 2H 5C 4D"))
    state = replay(tiny_rules(rule, edition), setup, log)
    assert state.is_complete
    assert state.leftover_side == side
    assert state.table == ()
    assert set(format_cards(state.leftovers)) >= {"5C", "4D"}


def test_a_tablo_with_the_last_card_counts_and_leaves_nothing() -> None:
    setup = HandSetup(players=2, dealer=0, table=cards_of("9D 2H 5C 4D"))
    log = [play(1, "9S", "9D"), play(0, "2S", "2H"), play(1, "3S"), play(0, "JS", "5C 4D 3S")]
    state = replay(tiny_rules("last_card"), setup, log)
    assert (state.leftovers, state.leftover_side) == ((), None)
    assert state.sweeps == (1, 0)


def test_the_leftover_rules_name_a_seat() -> None:
    setup = HandSetup(players=2, dealer=0, table=cards_of("9D 2H 5C 4D"))
    state = replay(tiny_rules("last_card"), setup, [play(1, "9S", "9D"), play(0, "3S")])
    assert last_capturer(state) == 1
    assert last_card_rule(lambda card: card.rank)(state) == 1


def test_a_play_after_the_last_card_is_refused() -> None:
    setup = HandSetup(players=2, dealer=0, table=cards_of("9D 2H 5C 4D"))
    log = [play(1, "9S", "9D"), play(0, "2S", "2H"), play(1, "3S"), play(0, "7S"), play(1, "8S")]
    with pytest.raises(RuleViolation) as raised:
        replay(tiny_rules("last_card"), setup, log)
    assert (raised.value.code, raised.value.facts["play_index"]) == ("hand.over", 4)


def random_tablo_hand(
    data: st.DataObject, players: int, teams: bool, options: dict[str, OptionValue]
) -> tuple[HandSetup, tuple[LogEntry, ...]]:
    rules = tablo.hand_rules(players, tablo.tablo_options(options))
    return random_hand(rules, players, lambda n: data.draw(st.integers(0, n - 1)), teams=teams, dealer=1)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    st.data(),
    st.sampled_from([(2, False), (3, False), (4, False), (4, True)]),
    st.sampled_from(["last_card", "last_capturer"]),
)
def test_random_hands_conserve_cards_and_the_22_points(
    data: st.DataObject, seating: tuple[int, bool], leftovers_rule: str
) -> None:
    players, teams = seating
    options: dict[str, OptionValue] = {"leftovers": leftovers_rule, "tablo_points": "per_tablo"}
    setup, log = random_tablo_hand(data, players, teams, options)
    report = tablo.replay_hand(setup, log, options)
    assert report.complete
    assert report.next_seat is None
    assert report.table == ()
    unclaimed = len(report.leftovers) if report.leftover_side is None else 0
    assert sum(side.cards for side in report.sides) + unclaimed == 52
    if unclaimed == 0:
        assert sum(side.points["point_cards"] for side in report.sides) == 22
    for side in report.sides:
        assert side.points["tablo_points"] == side.sweeps
        assert side.total == sum(side.points.values())
    assert len(report.sides) == (2 if teams else players)


def summary(*rows: tuple[int, int, int]) -> list[dict[str, int]]:
    return [{"cards": cards, "point_cards": points, "tablos": tablos} for cards, points, tablos in rows]


def test_a_summary_is_scored() -> None:
    setup = HandSetup(players=2, sweeps_before=(4, 0))
    report = tablo.score_summary(setup, summary((28, 14, 1), (24, 8, 2)), {})
    assert [dict(side.points) for side in report.sides] == [
        {"point_cards": 14, "card_bonus": 2, "tablo_points": 1},
        {"point_cards": 8, "card_bonus": 0, "tablo_points": 0},
    ]
    assert [side.total for side in report.sides] == [17, 8]


def test_a_summary_lists_every_problem_at_once() -> None:
    setup = HandSetup(players=3)
    with pytest.raises(SummaryInconsistent) as raised:
        tablo.score_summary(setup, summary((20, 10, 0), (20, 10, 12), (10, 5, 0)), {})
    codes = [problem["code"] for problem in raised.value.facts["problems"]]  # type: ignore[attr-defined]
    assert codes.count("summary.total_mismatch") == 2  # 50 cards, 25 point cards
    assert "summary.too_few_cards" in codes  # 12 tablos need 24 cards


def test_a_summary_with_bad_values_reports_them() -> None:
    with pytest.raises(SummaryInconsistent) as raised:
        tablo.score_summary(
            HandSetup(players=2), [{"cards": -1, "point_cards": 22, "tablos": 0}, {"cards": 53}], {}
        )
    codes = {problem["code"] for problem in raised.value.facts["problems"]}  # type: ignore[attr-defined]
    assert codes == {"summary.bad_count"}


def finished(*totals: int, sweeps: tuple[int, ...] | None = None) -> HandReport:
    counts = sweeps or (0,) * len(totals)
    return HandReport(
        complete=True,
        next_seat=None,
        sides=tuple(
            SideReport(seats=(side,), total=total, sweeps=count)
            for side, (total, count) in enumerate(zip(totals, counts, strict=True))
        ),
    )


@pytest.mark.parametrize(
    ("hands", "finished_", "winner"),
    [
        pytest.param([finished(40, 30), finished(50, 30)], False, None, id="B12-below-target"),
        pytest.param([finished(60, 30), finished(45, 30)], True, 0, id="B12-reached"),
        pytest.param([finished(60, 60), finished(45, 45)], False, None, id="B12-equal-top-totals-play-on"),
        pytest.param([finished(60, 70), finished(45, 40)], True, 1, id="B12-both-over-higher-wins"),
        pytest.param([finished(60, 70, 20), finished(45, 30, 80)], True, 0, id="B12-three-players"),
    ],
)
def test_match_end(hands: list[HandReport], finished_: bool, winner: int | None) -> None:
    status = tablo.match_status(hands, len(hands[0].sides), {}, False)
    assert (status.finished, status.winner, status.target) == (finished_, winner, 100)


def test_match_status_counts_tablos_and_tally_marks() -> None:
    hands = [finished(10, 12, sweeps=(3, 1)), finished(20, 30, sweeps=(4, 0))]
    status = tablo.match_status(hands, 2, {"target": 101}, False)
    assert status.totals == (30, 42)
    assert status.target == 101
    assert status.extra == {"tablos": [7, 1], "marks": [{"fives": 1, "ones": 2}, {"fives": 0, "ones": 1}]}


def test_tablo_is_registered_with_its_options() -> None:
    assert [spec.key for spec in tablo.GAME.option_specs] == [
        "tablo_points",
        "card_bonus",
        "leftovers",
        "direction",
        "target",
        "edition",
    ]
    assert tablo.GAME.players == (2, 3, 4)


def test_the_scoring_examples_hold() -> None:
    assert doctest.testmod(tablo_scoring).failed == 0
