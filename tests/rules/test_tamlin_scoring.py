"""Tamlin scoring, summaries and match end (docs/rules/tamlin.md T11-T15, 1.2(a), A5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import tamlin
from games.rules.cards import deck
from games.rules.errors import SummaryInconsistent, TeamsNotAllowed
from games.rules.game import HandReport, HandSetup, SideReport
from games.rules.tamlin_scoring import TamlinCounts, tamlin_points

# 30 cards with 10D, AS, AH and 8 spades; 22 cards with 2S, AD, AC and 5 spades.
SIDE_A = {
    "cards": 30,
    "spades": 8,
    "ten_diamonds": 1,
    "two_spades": 0,
    "aces": 2,
    "tamlins": 2,
    "jack_penalties": 1,
}
SIDE_B = {
    "cards": 22,
    "spades": 5,
    "ten_diamonds": 0,
    "two_spades": 1,
    "aces": 2,
    "tamlins": 0,
    "jack_penalties": 0,
}


def summary(setup: HandSetup, rows: list[dict[str, int]], **options: object) -> HandReport:
    return tamlin.score_summary(setup, rows, options)  # type: ignore[arg-type]  # options are raw JSON


def test_tamlin_simplified_cassino_scores_ten_points_plus_tamlins() -> None:
    report = summary(HandSetup(players=2), [SIDE_A, SIDE_B])
    assert [side.points for side in report.sides] == [
        {"most_cards": 3, "ten_diamonds": 2, "two_spades": 0, "aces": 2, "tamlins": 2, "jack_penalties": -1},
        {"most_cards": 0, "ten_diamonds": 0, "two_spades": 1, "aces": 2, "tamlins": 0, "jack_penalties": 0},
    ]
    assert [side.total for side in report.sides] == [8, 3]
    assert [side.sweeps for side in report.sides] == [2, 0]


def test_tamlin_cassino_adds_most_spades() -> None:
    report = summary(HandSetup(players=2), [SIDE_A, SIDE_B], scoring="cassino")
    assert [side.points["most_spades"] for side in report.sides] == [1, 0]
    assert [side.total for side in report.sides] == [9, 3]


@pytest.mark.parametrize(
    ("cards", "spades", "expected_cards", "expected_spades"),
    [
        pytest.param((26, 26), (7, 6), (0, 0), (1, 0), id="T14-tie-for-most-cards-scores-nothing"),
        pytest.param((30, 22), (7, 6), (3, 0), (1, 0), id="T14-most-cards-3"),
        pytest.param((30, 22), (6, 7), (3, 0), (0, 1), id="T14-most-spades-1"),
        pytest.param((30, 22), (6, 6), (3, 0), (0, 0), id="A5-tie-for-most-spades-scores-nothing"),
        pytest.param((20, 20, 12), (5, 4, 4), (0, 0, 0), (1, 0, 0), id="T14-three-players-tied-top"),
    ],
)
def test_tamlin_most_items_score_only_for_a_sole_leader(
    cards: tuple[int, ...],
    spades: tuple[int, ...],
    expected_cards: tuple[int, ...],
    expected_spades: tuple[int, ...],
) -> None:
    counts = [TamlinCounts(cards=c, spades=s) for c, s in zip(cards, spades, strict=True)]
    points = tamlin_points(counts, scoring="cassino")
    assert tuple(side["most_cards"] for side in points) == expected_cards
    assert tuple(side["most_spades"] for side in points) == expected_spades


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=52, max_size=52)),
    st.sampled_from(["simplified_cassino", "cassino"]),
)
def test_tamlin_card_points_total_10_or_11_less_the_tied_items(owners: list[int], scoring: str) -> None:
    piles = [
        [card for card, owner in zip(deck(), owners, strict=True) if owner == side]
        for side in range(max(owners) + 1)
    ]
    counts = [TamlinCounts.of(pile, tamlins=0, jack_penalties=0) for pile in piles]
    points = tamlin_points(counts, scoring=scoring)

    def sole(values: list[int]) -> bool:
        return values.count(max(values)) == 1

    expected = 7 + 3 * sole([side.cards for side in counts])
    if scoring == "cassino":
        expected += sole([side.spades for side in counts])
    assert sum(sum(side.values()) for side in points) == expected


@pytest.mark.parametrize(
    ("rows", "codes"),
    [
        pytest.param(
            [SIDE_A | {"cards": 31}, SIDE_B], ["summary.total_mismatch"], id="A3-cards-add-up-to-52"
        ),
        pytest.param(
            [SIDE_A | {"spades": 9}, SIDE_B | {"spades": 5}], ["summary.total_mismatch"], id="A3-13-spades"
        ),
        pytest.param(
            [SIDE_A | {"ten_diamonds": 0}, SIDE_B], ["summary.total_mismatch"], id="T14-one-side-holds-10D"
        ),
        pytest.param(
            [
                SIDE_A | {"two_spades": 1},
                SIDE_B | {"two_spades": 0},
            ],
            [],
            id="T14-2S-may-be-either-side",
        ),
        pytest.param(
            [SIDE_A | {"spades": 0}, SIDE_B | {"spades": 0, "two_spades": 1}],
            ["summary.holder_lacks", "summary.total_mismatch"],
            id="T14-2S-holder-has-a-spade",
        ),
        pytest.param(
            [SIDE_A | {"aces": 3}, SIDE_B | {"aces": 2}], ["summary.total_mismatch"], id="A3-four-aces"
        ),
        pytest.param(
            [SIDE_A | {"jack_penalties": 3}, SIDE_B | {"jack_penalties": 2}],
            ["summary.total_mismatch"],
            id="T11-at-most-four-jack-penalties",
        ),
        pytest.param(
            [SIDE_A | {"tamlins": 16}, SIDE_B], ["summary.too_few_cards"], id="T12-a-tamlin-takes-two-cards"
        ),
        pytest.param(
            [SIDE_A | {"cards": 10, "spades": 9, "aces": 2}, SIDE_B | {"cards": 42, "spades": 4}],
            ["summary.too_few_cards"],
            id="T14-only-the-AS-is-both-spade-and-ace",
        ),
        pytest.param(
            [SIDE_A | {"jack_penalties": -1}, SIDE_B], ["summary.bad_count"], id="T11-penalty-count"
        ),
    ],
)
def test_tamlin_summary_reports_every_inconsistency(rows: list[dict[str, int]], codes: list[str]) -> None:
    if not codes:
        assert summary(HandSetup(players=2), rows).complete
        return
    with pytest.raises(SummaryInconsistent) as caught:
        summary(HandSetup(players=2), rows)
    problems = caught.value.facts["problems"]
    assert isinstance(problems, list)
    assert [problem["code"] for problem in problems] == codes


def test_tamlin_pairs_sit_opposite() -> None:
    report = summary(HandSetup(players=4, teams=True), [SIDE_A, SIDE_B])
    assert [side.seats for side in report.sides] == [(0, 2), (1, 3)]
    with pytest.raises(TeamsNotAllowed):
        summary(HandSetup(players=3, teams=True), [SIDE_A, SIDE_B, SIDE_B])


def hand(*totals: int) -> HandReport:
    sides = tuple(SideReport(seats=(seat,), total=total) for seat, total in enumerate(totals))
    return HandReport(complete=True, next_seat=None, sides=sides)


@pytest.mark.parametrize(
    ("totals", "options", "time_up", "winner"),
    [
        pytest.param((20, 18), {}, False, None, id="T15-below-21"),
        pytest.param((21, 18), {}, False, 0, id="T15-reaches-21"),
        pytest.param((22, 23), {}, False, 1, id="T15-highest-wins"),
        pytest.param((22, 22), {}, False, None, id="T15-tied-highest-play-on"),
        pytest.param((12, 8, 12), {"target": 11}, False, None, id="T15-three-tied-at-the-top"),
        pytest.param((12, 8), {"time_limit_minutes": 30}, True, 0, id="T15-time-up-leader-wins"),
        pytest.param((12, 12), {"time_limit_minutes": 30}, True, None, id="T15-time-up-tie-plays-on"),
        pytest.param((12, 8), {}, True, None, id="T15-no-time-limit-time-up-ignored"),
    ],
)
def test_tamlin_match_ends_at_target_or_time(
    totals: tuple[int, ...], options: dict[str, object], time_up: bool, winner: int | None
) -> None:
    status = tamlin.GAME.match_status([hand(*totals)], len(totals), options, time_up)  # type: ignore[arg-type]
    assert (status.winner, status.finished, status.totals) == (winner, winner is not None, totals)


def without_spades(row: dict[str, int]) -> dict[str, int]:
    return {key: value for key, value in row.items() if key != "spades"}


def test_tamlin_asks_spades_only_where_they_score() -> None:
    """T14, A2: only ``scoring: cassino`` scores spades, so only it asks for them."""
    assert "spades" not in tamlin.GAME.summary_keys({})
    assert "spades" not in tamlin.GAME.summary_keys({"scoring": "simplified_cassino"})
    assert "spades" in tamlin.GAME.summary_keys({"scoring": "cassino"})


def test_tamlin_simplified_cassino_scores_the_same_with_or_without_spades() -> None:
    given = summary(HandSetup(players=2), [SIDE_A, SIDE_B])
    left_out = summary(HandSetup(players=2), [without_spades(SIDE_A), without_spades(SIDE_B)])
    assert [side.points for side in left_out.sides] == [side.points for side in given.sides]


@pytest.mark.parametrize(
    ("rows", "codes"),
    [
        pytest.param(
            [without_spades(SIDE_A) | {"aces": 3}, without_spades(SIDE_B)],
            ["summary.total_mismatch"],
            id="A3-four-aces-still-checked",
        ),
        pytest.param(
            [
                without_spades(SIDE_A) | {"cards": 3, "aces": 3},
                without_spades(SIDE_B) | {"cards": 49, "aces": 1},
            ],
            ["summary.too_few_cards"],
            id="T14-cards-hold-the-aces-the-10D",
        ),
        pytest.param(
            [without_spades(SIDE_A), without_spades(SIDE_B) | {"cards": 2, "aces": 2}],
            ["summary.too_few_cards", "summary.total_mismatch"],
            id="T14-the-2S-is-no-ace",
        ),
        pytest.param(
            [SIDE_A, without_spades(SIDE_B)], ["summary.bad_count"], id="spades-from-every-side-or-none"
        ),
    ],
)
def test_tamlin_summary_without_spades_checks_the_rest(rows: list[dict[str, int]], codes: list[str]) -> None:
    with pytest.raises(SummaryInconsistent) as caught:
        summary(HandSetup(players=2), rows)
    problems = caught.value.facts["problems"]
    assert isinstance(problems, list)
    assert [problem["code"] for problem in problems] == codes


def test_tamlin_cassino_still_needs_spades() -> None:
    with pytest.raises(SummaryInconsistent) as caught:
        summary(HandSetup(players=2), [without_spades(SIDE_A), without_spades(SIDE_B)], scoring="cassino")
    problems = caught.value.facts["problems"]
    assert isinstance(problems, list)
    assert [(problem["code"], problem["side"]) for problem in problems] == [
        ("summary.bad_count", 0),
        ("summary.bad_count", 1),
    ]
