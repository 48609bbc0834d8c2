"""Maltese Twenty: the quick end-of-round entry (docs/rules/twenty.md W5, W7, W8, 2.2(a))."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.rules.cards import deck, parse_cards
from games.rules.errors import SummaryInconsistent
from games.rules.game import HandSetup, SideReport
from games.rules.twenty import score_summary
from games.rules.twenty_round import RoundEnd, TwentyPlay, apply_play, start_round
from games.rules.twenty_summary import AWARDS, cards_played

SETUP = HandSetup(players=2, starter=0, set_aside=parse_cards(["7D", "3C"]))  # bonus 4


def test_the_allowed_awards_run_from_the_five_tally_to_the_longest_tally() -> None:
    assert AWARDS == (10, -20, 15, 30, 60, 120, 240, 480)  # W5


@pytest.mark.parametrize(
    ("entries", "totals", "bonus_to"),
    [
        pytest.param(
            [{"awards": [10, 15, -20], "bonus": 0}, {"awards": [30, 10], "bonus": 1}],
            (5, 40 + 4),
            1,
            id="W8-awards-and-bonus",
        ),
        pytest.param([{"points": 35, "bonus": 1}, {"points": -20}], (35 + 4, -20), 0, id="W8-points-only"),
        pytest.param(
            [{"awards": [-20]}, {"awards": [-20, -20]}], (-20, -40), None, id="2.2a-no-positive-no-bonus"
        ),
        pytest.param([{"awards": [15, 10]}, {"points": 0, "bonus": 1}], (25, 4), 1, id="W8-mixed-entries"),
        pytest.param([{"awards": [], "bonus": 0}, {"points": 0}], (0, 0), None, id="W5-an-empty-round"),
        pytest.param(
            [{"awards": [15, 60, 240]}, {"awards": [30, 120, 480], "bonus": 1}],
            (315, 630 + 4),
            1,
            id="W5-the-longest-chain",
        ),
    ],
)
def test_a_consistent_entry_gives_the_round_points(
    entries: list[Mapping[str, object]], totals: tuple[int, int], bonus_to: int | None
) -> None:
    report = score_summary(SETUP, entries, {})
    assert tuple(side.total for side in report.sides) == totals
    assert (report.complete, report.extra["bonus"], report.extra["bonus_to"]) == (True, 4, bonus_to)


def test_the_sides_split_awards_and_bonus() -> None:
    report = score_summary(SETUP, [{"awards": [10]}, {"awards": [15], "bonus": 1}], {})
    assert report.sides == (
        SideReport(seats=(0,), points={"awards": 10, "bonus": 0}, total=10),
        SideReport(seats=(1,), points={"awards": 15, "bonus": 4}, total=19),
    )
    assert report.extra["awards"] == [[10], [15]]


def codes(entries: list[Mapping[str, object]], *, end: str = "starter_out") -> list[object]:
    with pytest.raises(SummaryInconsistent) as caught:
        score_summary(SETUP, entries, {"round_end": end})
    problems = caught.value.facts["problems"]
    assert isinstance(problems, list)
    return [problem["code"] for problem in problems]


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        pytest.param([{"awards": [25]}, {"points": 0}], ["twenty.bad_award"], id="W5-25-is-no-award"),
        pytest.param([{"awards": [960]}, {"points": 0}], ["twenty.bad_award"], id="W5-no-eleven-tally"),
        pytest.param(
            [{"awards": ["10", True]}, {"points": 0}], ["twenty.bad_award"] * 2, id="W5-awards-are-ints"
        ),
        pytest.param(
            [{"awards": [10], "points": 10}, {"points": 0}], ["twenty.bad_summary_entry"], id="both-keys"
        ),
        pytest.param([{}, {"points": 0}], ["twenty.bad_summary_entry"], id="neither-key"),
        pytest.param([{"awards": 10}, {"points": 0}], ["twenty.bad_summary_entry"], id="awards-not-a-list"),
        pytest.param(
            [{"points": "10"}, {"points": 0}], ["twenty.bad_summary_entry"], id="points-not-a-number"
        ),
        pytest.param(
            [{"points": 0, "bonus": 2}, {"points": 0}], ["twenty.bad_summary_entry"], id="W8-bonus-0-or-1"
        ),
        pytest.param(
            [{"points": 0, "tamlins": 1}, {"points": 0}], ["twenty.bad_summary_entry"], id="unknown-key"
        ),
        pytest.param([{"points": 12}, {"points": 0}], ["twenty.bad_points"], id="W5-multiples-of-5"),
        pytest.param(
            [{"awards": [10], "bonus": 1}, {"awards": [15], "bonus": 1}],
            ["twenty.bonus_twice"],
            id="W8-one-bonus",
        ),
        pytest.param(
            [{"awards": [-20], "bonus": 1}, {"awards": [10]}],
            ["twenty.bonus_without_award"],
            id="2.2a-bonus-needs-a-positive-award",
        ),
        pytest.param([{"awards": [10]}, {"awards": [-20]}], ["twenty.bonus_missing"], id="2.2a-bonus-given"),
        pytest.param(
            [{"awards": [15, 30], "bonus": 1}, {"awards": []}],
            ["twenty.broken_tally_chain"],
            id="W5-six-tally-follows-the-others-five",
        ),
        pytest.param(
            [{"awards": [15, 60], "bonus": 1}, {"awards": [30, 30]}],
            ["twenty.broken_tally_chain"],
            id="W5-one-five-tally-per-six-tally",
        ),
        pytest.param(
            [{"awards": [-20] * 26}, {"points": 0}], ["twenty.too_many_awards"], id="W7-one-award-per-card"
        ),
        pytest.param(
            [{"points": 0}, {"awards": [-20] * 25}], ["twenty.too_many_awards"], id="W7-other-plays-24-cards"
        ),
        pytest.param(
            [{"awards": [25]}, {"points": 12}, {"points": 0}], ["players.bad_count"], id="W1-two-entries"
        ),
        pytest.param(
            [{"awards": [25]}, {"points": 12, "bonus": 1}],
            ["twenty.bad_award", "twenty.bad_points"],
            id="every-problem-at-once",
        ),
        pytest.param(
            [{"awards": [10, 10], "bonus": 1}, {"awards": [30, 60], "bonus": 1}],
            ["twenty.broken_tally_chain", "twenty.broken_tally_chain", "twenty.bonus_twice"],
            id="every-cross-check-at-once",
        ),
    ],
)
def test_an_inconsistent_entry_lists_every_problem(
    entries: list[Mapping[str, object]], expected: list[str]
) -> None:
    assert codes(entries) == expected


def test_under_all_cards_the_other_player_has_25_cards_for_awards() -> None:
    entries: list[Mapping[str, object]] = [{"points": 0}, {"awards": [-20] * 25}]
    assert score_summary(SETUP, entries, {"round_end": "all_cards"}).sides[1].total == -500
    assert codes([{"points": 0}, {"awards": [-20] * 26}], end="all_cards") == ["twenty.too_many_awards"]


@pytest.mark.parametrize("end", list(RoundEnd))
@pytest.mark.parametrize("starter", [0, 1])
def test_cards_played_agrees_with_a_whole_round(end: RoundEnd, starter: int) -> None:
    state = start_round(starter=starter, bonus_cards=parse_cards(["7D", "3C"]), round_end=end)
    for card in (card for card in deck() if card not in state.bonus_cards):
        if state.next_seat is None:
            break
        state = apply_play(state, TwentyPlay(state.next_seat, card))
    assert state.played_by == (cards_played(state, 0), cards_played(state, 1))
