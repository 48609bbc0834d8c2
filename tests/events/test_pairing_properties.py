"""The pairing core against brute force (tests/events/reference.py) on fields of up to 10 entrants:
the bye rule, no avoidable rematch (nor table for two kept apart), the least squared differences,
everyone seated once, determinism."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events.pairing import Entrant, Pairing, pair_round
from games.events.pairing.sizes import seated_sizes
from tests.events.reference import best_score, met, partnered, score
from tests.events.strategies import fields

POD_GAME = frozenset({2, 3, 4})
FORMATS = {
    "swiss": fields(2, 10, with_apart=True),
    "pods": fields(3, 10, with_apart=True),
    "partners": fields(4, 10, with_partners=True, with_apart=True),
}


def _sizes(fmt: str, count: int) -> tuple[int, ...]:
    """The tables the format must fill for ``count`` entrants."""
    if fmt == "pods":
        return seated_sizes(count, frozenset({3, 4}))
    return (2,) * (count // 2) if fmt == "swiss" else (4,) * (count // 4)


def _pair(fmt: str, field: list[Entrant], seed: int) -> Pairing:
    return pair_round(fmt, field, seed=seed, round_number=3, table_sizes=POD_GAME)


def _seating(pairing: Pairing) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(table.players for table in pairing.tables), pairing.byes


def _check(fmt: str, field: list[Entrant], seed: int) -> None:
    pairing = _pair(fmt, field, seed)
    seated = [key for table in pairing.tables for key in table.players] + list(pairing.byes)
    assert Counter(seated) == Counter(e.id for e in field), "everyone active is seated exactly once"
    sizes = _sizes(fmt, len(field))
    assert sorted(len(t.players) for t in pairing.tables) == sorted(sizes)
    assert pairing.exact
    assert score(fmt, field, _seating(pairing)) == best_score(fmt, field, sizes)
    by_id = {e.id: e for e in field}
    repeated = met if fmt != "partners" else partnered
    pairs = (
        [tuple(sorted(side)) for t in pairing.tables for side in t.sides]
        if fmt == "partners"
        else [(a, b) for t in pairing.tables for a in t.players for b in t.players if a < b]
    )
    assert sorted(pairing.rematches) == sorted(p for p in pairs if repeated(by_id[p[0]], by_id[p[1]]))
    assert _pair(fmt, list(reversed(field)), seed) == pairing, "the same field and seed pair the same way"


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_pairing_is_the_brute_force_optimum(fmt: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(field=FORMATS[fmt], seed=st.integers(0, 2**31))
    def check(field: list[Entrant], seed: int) -> None:
        _check(fmt, field, seed)

    check()


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_each_table_seats_players_where_they_sat_least_and_the_one_furthest_behind_deals(fmt: str) -> None:
    @settings(max_examples=30, deadline=None)
    @given(field=FORMATS[fmt], seed=st.integers(0, 2**31))
    def check(field: list[Entrant], seed: int) -> None:
        by_id = {e.id: e for e in field}
        least: dict[int, int] = {}
        for e in field:
            played = sum(e.seat_counts)
            least[played] = min(least.get(played, e.first_dealer), e.first_dealer)

        def behind(key: int) -> tuple[int, int]:
            """First deals above the least of those who played as many tables, then first deals."""
            e = by_id[key]
            return e.first_dealer - least[sum(e.seat_counts)], e.first_dealer

        for table in _pair(fmt, field, seed).tables:
            dealer = table.players[table.dealer]
            assert behind(dealer) == min(map(behind, table.players))
            if fmt != "swiss":
                assert table.dealer == 0, "at a table of three or four the dealer sits in seat 0"
            chosen = sum(by_id[key].seat_counts[at] for at, key in enumerate(table.players))
            for order in _orders(table.sides):
                if fmt == "swiss" or order[0] == dealer:
                    assert chosen <= sum(by_id[key].seat_counts[at] for at, key in enumerate(order))

    check()


def _orders(sides: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """Every seat order with the sides alternating (partners face each other)."""
    if len(sides[0]) == 1:
        return list(permutations(key for side in sides for key in side))
    (a, b), (c, d) = sides
    return [
        (w, y, x, z)
        for first, second in (((a, b), (c, d)), ((c, d), (a, b)))
        for w, x in permutations(first)
        for y, z in permutations(second)
    ]
