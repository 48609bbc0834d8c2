"""Golden pairings: the cases greedy pairers get wrong, a round that cannot avoid a rematch, pod sizes."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations

import pytest

from games.events.pairing import Entrant, Pairing, PairingInputError, Reason, pair_round, pod_sizes
from tests.events.reference import best_score, score


def _field(
    points: dict[int, float], tables: Iterable[Iterable[int]], byes: Iterable[int] = ()
) -> list[Entrant]:
    """Entrants 1..n ranked by points (then id), having shared the given past ``tables``."""
    met: dict[int, set[int]] = defaultdict(set)
    for table in tables:
        for a, b in combinations(table, 2):
            met[a].add(b)
            met[b].add(a)
    ranked = sorted(points, key=lambda key: (-points[key], key))
    return [
        Entrant(
            id=key,
            points=points[key],
            rank=ranked.index(key) + 1,
            opponents=frozenset(met[key]),
            byes=int(key in set(byes)),
        )
        for key in points
    ]


def test_swiss_pairs_around_the_rematch_a_greedy_pairer_makes() -> None:
    # Round 1 of six was 1-5, 2-6, 3-4; 5 and 6 dropped. Top-down greedy pairs 1-2 and is left with 3-4,
    # a rematch; 1-3 and 2-4 (or 1-4 and 2-3) costs the same squared difference without one.
    field = _field({1: 3, 2: 3, 3: 3, 4: 0}, [(1, 5), (2, 6), (3, 4)])
    pairing = pair_round("swiss", field, seed=7, round_number=2)
    pairs = {frozenset(table.players) for table in pairing.tables}
    assert frozenset({3, 4}) not in pairs
    assert pairing.rematches == ()
    assert score("swiss", field, (tuple(t.players for t in pairing.tables), ())) == (0, 0, 9)


def test_a_swiss_float_forced_by_a_rematch_says_so() -> None:
    # 1 and 2 lead and have met, so both float down: "floated down: the alternative was a rematch".
    field = _field({1: 3, 2: 3, 3: 0, 4: 0}, [(1, 2), (3, 5), (4, 6)])
    pairing = pair_round("swiss", field, seed=5, round_number=2)
    for table in pairing.tables:
        high = min(table.players)
        low = max(table.players)
        assert table.reasons == (Reason("floated_down", (high, low)), Reason("alternative_rematch", (1, 2)))


def test_pods_split_the_two_leaders_who_met_rather_than_seat_the_top_four_together() -> None:
    # Greedy pods take the top four (1, 2, 3, 4) together, a rematch of 1 and 2.
    field = _field({1: 9, 2: 9, 3: 6, 4: 6, 5: 3, 6: 3, 7: 0, 8: 0}, [(1, 2)])
    pairing = pair_round("pods", field, seed=7, round_number=2, table_sizes=frozenset({3, 4}))
    assert pairing.rematches == ()
    assert not any({1, 2} <= set(table.players) for table in pairing.tables)
    seated = (tuple(t.players for t in pairing.tables), ())
    assert score("pods", field, seated) == best_score("pods", field, (4, 4))
    reasons = {reason for table in pairing.tables for reason in table.reasons}
    assert Reason("alternative_rematch", (1, 2)) in reasons


def test_six_player_swiss_round_four_cannot_avoid_a_rematch() -> None:
    # Three rounds across the halves {1, 2, 3} and {4, 5, 6}: only pairs inside a half are new, and an
    # odd half cannot pair off inside itself, so round 4 needs exactly one rematch.
    rounds = [[(1, 4), (2, 5), (3, 6)], [(1, 5), (2, 6), (3, 4)], [(1, 6), (2, 4), (3, 5)]]
    field = _field({1: 9, 2: 6, 3: 3, 4: 6, 5: 3, 6: 0}, [t for r in rounds for t in r])
    pairing = pair_round("swiss", field, seed=3, round_number=4)
    assert len(pairing.rematches) == 1
    (rematch,) = pairing.rematches
    table = next(t for t in pairing.tables if set(t.players) == set(rematch))
    assert Reason("rematch_unavoidable", rematch) in table.reasons
    seated = (tuple(t.players for t in pairing.tables), ())
    assert score("swiss", field, seated) == best_score("swiss", field, (2, 2, 2))


def test_odd_swiss_moves_the_bye_up_when_the_lowest_bye_forces_a_rematch() -> None:
    # 5 is the lowest; with 5 out, every pairing of 1-4 has a rematch (1 met 3 and 4, 3 met 4). With 4
    # out (the next lowest), 1-2 and 3-5 are new.
    field = _field({1: 6, 2: 6, 3: 0, 4: 0, 5: 0}, [(3, 4), (1, 3), (1, 4)])
    pairing = pair_round("swiss", field, seed=1, round_number=3)
    assert pairing.rematches == ()
    assert pairing.byes == (4,)
    assert pairing.bye_reasons == (Reason("bye_to_avoid_rematch", (4, 5)),)


def test_odd_swiss_keeps_the_bye_lowest_when_no_choice_avoids_a_rematch() -> None:
    field = _field({1: 3, 2: 3, 3: 0}, [(1, 2), (1, 3), (2, 3)])
    pairing = pair_round("swiss", field, seed=1, round_number=3)
    assert pairing.byes == (3,)
    assert pairing.bye_reasons == (Reason("bye_lowest", (3,)),)
    assert pairing.rematches == ((1, 2),)


def test_the_same_seed_pairs_the_same_and_another_seed_may_draw_differently() -> None:
    field = _field(dict.fromkeys(range(1, 13), 0), [])
    draws = {pair_round("swiss", field, seed=seed, round_number=1) for seed in range(6)}
    assert pair_round("swiss", field, seed=2, round_number=1) == pair_round(
        "swiss", field, seed=2, round_number=1
    )
    assert len(draws) > 1


@pytest.mark.parametrize(
    ("count", "allowed", "expected"),
    [
        (9, {3, 4}, (3, 3, 3)),
        (10, {3, 4}, (4, 3, 3)),
        (11, {3, 4}, (4, 4, 3)),
        (12, {3, 4}, (4, 4, 4)),
        (6, {3, 4}, (3, 3)),
        (7, {2, 3, 4}, (4, 3)),
        (5, {3, 4}, None),
        (8, {4}, (4, 4)),
        (10, {4}, None),
        (9, {3}, (3, 3, 3)),
        (10, {3}, None),
    ],
)
def test_pod_sizes_fill_fours_and_the_rest_in_threes(
    count: int, allowed: set[int], expected: tuple[int, ...] | None
) -> None:
    assert pod_sizes(count, frozenset(allowed)) == expected


def test_pods_of_five_seat_four_and_give_the_lowest_a_bye() -> None:
    field = _field({1: 3, 2: 2, 3: 1, 4: 0, 5: 0}, [])
    pairing = pair_round("pods", field, seed=1, round_number=2, table_sizes=frozenset({3, 4}))
    assert [len(t.players) for t in pairing.tables] == [4]
    assert pairing.byes == (5,)


@pytest.mark.parametrize(
    ("fmt", "sizes"), [("swiss", {3, 4}), ("pods", {2}), ("partners", {2, 3}), ("knockout", {2})]
)
def test_a_format_the_game_cannot_seat_is_refused(fmt: str, sizes: set[int]) -> None:
    with pytest.raises(PairingInputError):
        pair_round(
            fmt, _field({1: 0, 2: 0, 3: 0, 4: 0}, []), seed=1, round_number=1, table_sizes=frozenset(sizes)
        )


@pytest.mark.parametrize("fmt", ["swiss", "pods", "partners"])
def test_players_kept_apart_share_no_table_when_a_pairing_avoids_it(fmt: str) -> None:
    # Round 1 of eight: 1 and 2 lead, as do 3 and 4 in pods and partners; 1 and 2 are family.
    field = _field({1: 3, 2: 3, 3: 3, 4: 3, 5: 0, 6: 0, 7: 0, 8: 0}, [])
    field = _family(field)
    pairing = pair_round(fmt, field, seed=3, round_number=2, table_sizes=frozenset({2, 3, 4}))
    assert all(not {1, 2} <= set(table.players) for table in pairing.tables)
    sizes = [len(table.players) for table in pairing.tables]
    assert score(fmt, field, _seating(pairing)) == best_score(fmt, field, sizes)


def test_players_kept_apart_meet_when_nothing_else_seats_them_and_the_table_says_why() -> None:
    pairing = pair_round("swiss", _family(_field({1: 3, 2: 0}, [])), seed=3, round_number=2)
    assert Reason("apart_unavoidable", (1, 2)) in pairing.tables[0].reasons
    assert pairing.rematches == ()


def _seating(pairing: Pairing) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(table.players for table in pairing.tables), pairing.byes


def _family(field: list[Entrant]) -> list[Entrant]:
    """Players 1 and 2 kept apart."""
    return [replace(e, apart=frozenset({3 - e.id}) if e.id in (1, 2) else frozenset()) for e in field]
