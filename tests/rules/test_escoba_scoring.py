"""Escoba scoring, summaries and match end (docs/rules/escoba.md E7-E10, 3.2(c), 3.2(d), EB-6, EB-7)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba
from games.rules.cards import parse_cards
from games.rules.errors import BadOptionValue, BadSetAside, SummaryInconsistent, TeamsNotAllowed
from games.rules.escoba_scoring import EscobaCounts, credited, escoba_points, primera
from games.rules.game import HandReport, HandSetup, SideReport

EB6_A = {"cards": 22, "diamonds": 6, "sevens": 2, "seven_diamonds": 1, "sweeps": 0}
EB6_B = {"cards": 18, "diamonds": 4, "sevens": 2, "seven_diamonds": 0, "sweeps": 0}


def summary(setup: HandSetup, rows: list[dict[str, int]], **options: object) -> HandReport:
    return escoba.score_summary(setup, rows, options)  # type: ignore[arg-type]  # options are raw JSON


def problem_codes(error: SummaryInconsistent) -> list[str]:
    problems = error.facts["problems"]
    assert isinstance(problems, list)
    return [problem["code"] for problem in problems]


def test_escoba_eb6_tied_sevens_score_for_nobody() -> None:
    report = summary(HandSetup(players=2), [EB6_A, EB6_B])
    assert [side.points for side in report.sides] == [
        {"most_cards": 1, "most_diamonds": 1, "most_sevens": 0, "seven_diamonds": 1, "sweeps": 0},
        {"most_cards": 0, "most_diamonds": 0, "most_sevens": 0, "seven_diamonds": 0, "sweeps": 0},
    ]
    assert [side.total for side in report.sides] == [3, 0]


def test_escoba_eb6_under_muerto_the_other_player_receives_the_points() -> None:
    report = summary(HandSetup(players=2), [EB6_A | {"sweeps": 2}, EB6_B], muerto=True)
    assert report.sides[0].points["sweeps"] == 2
    assert [side.total for side in report.sides] == [0, 5]


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        pytest.param([(14, 4, 2), (13, 3, 1), (13, 3, 1)], [3, 0, 0], id="E9-sole-leader-takes-each-item"),
        pytest.param([(14, 4, 2), (14, 3, 1), (12, 3, 1)], [2, 0, 0], id="E9-tie-for-most-cards"),
        pytest.param([(14, 4, 1), (13, 4, 1), (13, 2, 2)], [1, 0, 1], id="E9-tie-for-most-diamonds"),
        pytest.param([(20, 5, 2), (20, 5, 2)], [0, 0], id="E9-all-tied"),
    ],
)
def test_escoba_item_goes_to_the_sole_side_with_the_most(
    counts: list[tuple[int, int, int]], expected: list[int]
) -> None:
    sides = [EscobaCounts(cards=c, diamonds=d, sevens=s) for c, d, s in counts]
    points = escoba_points(sides, sevens="most_sevens")
    assert [sum(side.values()) for side in points] == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        pytest.param("7D 7S 7H 7C", 84, id="3.2c-four-sevens"),
        pytest.param("7D 6D AD 2S 3H 4C", 21 + 12 + 13 + 14, id="3.2c-best-card-per-suit"),
        pytest.param("6S AH 5D 10C", 18 + 16 + 15 + 10, id="3.2c-one-card-per-suit"),
        pytest.param("7D 7S 7H 6H 6S", 0, id="3.2c-a-missing-suit-cannot-win"),
        pytest.param("", 0, id="3.2c-nothing"),
    ],
)
def test_escoba_primera_sums_the_best_card_of_each_suit(cards: str, expected: int) -> None:
    assert primera(parse_cards(cards.split())) == expected


def test_escoba_primera_replaces_most_sevens() -> None:
    rows = [EB6_A | {"primera": 70}, EB6_B | {"primera": 71}]
    report = summary(HandSetup(players=2), rows, sevens="primera")
    assert [side.points.get("primera") for side in report.sides] == [0, 1]
    assert "most_sevens" not in report.sides[0].points


def test_escoba_challenge_points_stay_with_the_challenger_under_muerto() -> None:
    points = [{"most_cards": 1, "challenges": 2}, {"sweeps": 1, "challenges": -1}, {"challenges": 0}]
    assert credited(points, muerto=True) == (1 + 2, 1 - 1, 2)
    assert credited(points, muerto=False) == (3, 0, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 10)] * 4), min_size=2, max_size=6), st.booleans())
def test_escoba_items_score_at_most_one_point_each_and_muerto_passes_every_point(
    rows: list[tuple[int, int, int, int]], muerto: bool
) -> None:
    counts = [EscobaCounts(cards=c, diamonds=d, sevens=s, sweeps=w) for c, d, s, w in rows]
    points = escoba_points(counts, sevens="most_sevens")
    for key, column in (("most_cards", 0), ("most_diamonds", 1), ("most_sevens", 2)):
        values = [row[column] for row in rows]
        awarded = [side[key] for side in points]
        assert sum(awarded) == (values.count(max(values)) == 1)
    earned = [sum(side.values()) for side in points]
    totals = credited(points, muerto=muerto)
    expected = [sum(earned) - own for own in earned] if muerto else earned
    assert list(totals) == expected


@pytest.mark.parametrize(
    ("rows", "codes"),
    [
        pytest.param([EB6_A | {"cards": 23}, EB6_B], ["summary.total_mismatch"], id="A3-cards-add-up-to-40"),
        pytest.param(
            [EB6_A | {"seven_diamonds": 0}, EB6_B],
            ["summary.total_mismatch"],
            id="E9-exactly-one-side-holds-the-7D",
        ),
        pytest.param(
            [EB6_A | {"diamonds": 0, "seven_diamonds": 1}, EB6_B | {"diamonds": 10}],
            ["summary.holder_lacks"],
            id="E9-7D-holder-has-a-diamond",
        ),
        pytest.param(
            [EB6_A | {"seven_diamonds": 2}, EB6_B],
            ["summary.too_high", "summary.total_mismatch"],
            id="E9-7D-is-a-flag",
        ),
        pytest.param(
            [EB6_A | {"sweeps": 12}, EB6_B],
            ["summary.too_few_cards"],
            id="E7-a-sweep-takes-two-cards",
        ),
        pytest.param(
            [EB6_B | {"cards": 5, "diamonds": 5, "sevens": 4}, EB6_B | {"cards": 35}],
            ["summary.too_few_cards"] + ["summary.total_mismatch"] * 3,
            id="A3-every-problem-at-once",
        ),
        pytest.param(
            [EB6_A | {"cards": -1, "sevens": "2"}, {"cards": 18}],
            ["summary.bad_count"] * 2 + ["summary.bad_count"] * 4,
            id="A3-counts-are-whole-numbers",
        ),
        pytest.param([EB6_A | {"escobas": 1}, EB6_B], ["summary.unknown_key"], id="A3-unknown-count"),
        pytest.param([EB6_A], ["summary.side_count"], id="A4-one-row-per-side"),
    ],
)
def test_escoba_summary_reports_every_inconsistency(rows: list[dict[str, int]], codes: list[str]) -> None:
    with pytest.raises(SummaryInconsistent) as caught:
        summary(HandSetup(players=2), rows)
    assert problem_codes(caught.value) == codes


def test_escoba_summary_with_nobody_capturing_scores_nothing() -> None:
    empty = dict.fromkeys(EB6_A, 0)
    report = summary(HandSetup(players=2), [empty, empty])
    assert [side.total for side in report.sides] == [0, 0]


@pytest.mark.parametrize(
    ("set_aside", "diamonds", "ok"),
    [
        pytest.param((), 10, True, id="A5-unknown-set-aside-may-be-a-club"),
        pytest.param((), 9, True, id="A5-unknown-set-aside-may-be-a-diamond"),
        pytest.param((), 8, False, id="A5-unknown-set-aside-is-one-card"),
        pytest.param(("2D",), 9, True, id="A5-known-set-aside-diamond"),
        pytest.param(("2D",), 10, False, id="A5-known-set-aside-diamond-is-not-captured"),
    ],
)
def test_escoba_scopone_for_three_allows_the_card_set_aside(
    set_aside: tuple[str, ...], diamonds: int, ok: bool
) -> None:
    setup = HandSetup(players=3, set_aside=parse_cards(set_aside))
    rows = [
        {"cards": 13, "diamonds": diamonds - 2, "sevens": 2, "seven_diamonds": 1, "sweeps": 1},
        {"cards": 13, "diamonds": 1, "sevens": 1, "seven_diamonds": 0, "sweeps": 0},
        {"cards": 13, "diamonds": 1, "sevens": 1, "seven_diamonds": 0, "sweeps": 0},
    ]
    if ok:
        assert summary(setup, rows, deal="scopone").complete
    else:
        with pytest.raises(SummaryInconsistent):
            summary(setup, rows, deal="scopone")


def test_escoba_teams_of_four_pool_their_counts_per_side() -> None:
    report = summary(HandSetup(players=4, teams=True), [EB6_A, EB6_B])
    assert [side.seats for side in report.sides] == [(0, 2), (1, 3)]


@pytest.mark.parametrize(
    ("setup", "options", "error"),
    [
        pytest.param(HandSetup(players=3, teams=True), {}, TeamsNotAllowed, id="E11-teams-of-4-or-6-only"),
        pytest.param(
            HandSetup(players=3, set_aside=parse_cards(["2D", "3D"])),
            {"deal": "scopone"},
            BadSetAside,
            id="3.2e-three-set-aside-one",
        ),
        pytest.param(HandSetup(players=2), {"capture": "all"}, BadOptionValue, id="A2-bad-capture-mode"),
    ],
)
def test_escoba_summary_refuses_a_bad_setup(
    setup: HandSetup, options: Mapping[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        summary(setup, [EB6_A, EB6_B], **options)


def hand(*totals: int) -> HandReport:
    sides = tuple(SideReport(seats=(seat,), total=total) for seat, total in enumerate(totals))
    return HandReport(complete=True, next_seat=None, sides=sides)


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        pytest.param((11, 10), 11, None, id="EB-7-11-10-continues"),
        pytest.param((12, 10), 11, 0, id="EB-7-12-10-wins"),
        pytest.param((13, 12), 11, None, id="EB-7-13-12-continues"),
        pytest.param((10, 8), 11, None, id="E10-below-target"),
        pytest.param((9, 17, 15), 16, 1, id="E10-leads-every-other-by-two"),
        pytest.param((9, 17, 16), 16, None, id="E10-one-other-within-two"),
        pytest.param((22, 19), 21, 0, id="E10-target-21"),
    ],
)
def test_escoba_match_ends_at_target_with_a_lead_of_two(
    totals: tuple[int, ...], target: int, winner: int | None
) -> None:
    status = escoba.match_status([hand(*totals)], len(totals), {"target": target}, False)
    assert (status.winner, status.finished, status.totals) == (winner, winner is not None, totals)


def test_escoba_match_totals_add_up_over_hands() -> None:
    status = escoba.GAME.match_status([hand(5, 4), hand(6, 3), hand(1, 0)], 2, {}, False)
    assert status.totals == (12, 7)
    assert status.winner == 0
    assert escoba.GAME.match_status([], 3, {}, False).totals == (0, 0, 0)
