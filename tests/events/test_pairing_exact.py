"""The exact model of pods and partners (games/events/pairing/exact.py, docs/events-pairing.md): with
the search cut short it answers the brute-force optimum, proven; it never answers worse than the
search; and without time it leaves the search's seating, not proven."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.events.pairing import Entrant, Pairing, groups, pair_round
from games.events.pairing.sizes import seated_sizes
from tests.events.reference import best_score, score
from tests.events.strategies import fields

GAME = frozenset({3, 4})
FIELDS = {
    "pods": fields(6, 10, with_apart=True),
    "partners": fields(8, 11, with_partners=True, with_apart=True),
}


def _sizes(fmt: str, count: int) -> tuple[int, ...]:
    return seated_sizes(count, GAME) if fmt == "pods" else (4,) * (count // 4)


def _seating(pairing: Pairing) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    return tuple(table.players for table in pairing.tables), pairing.byes


def _pair(fmt: str, field: list[Entrant], seconds: float | None) -> Pairing:
    time_left = None if seconds is None else (lambda: seconds)
    return pair_round(fmt, field, seed=7, round_number=3, table_sizes=GAME, time_left=time_left)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FIELDS))
def test_the_model_answers_the_brute_force_optimum_when_the_search_is_cut_short(fmt: str) -> None:
    @settings(max_examples=25, deadline=None)
    @given(field=FIELDS[fmt])
    def check(field: list[Entrant]) -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(groups, "BUDGET", 1)
            cut = _pair(fmt, field, None)
            proven = _pair(fmt, field, 30.0)
        assert proven.exact
        assert score(fmt, field, _seating(proven)) == best_score(fmt, field, _sizes(fmt, len(field)))
        assert score(fmt, field, _seating(proven)) <= score(fmt, field, _seating(cut))

    check()


def _spread_field(count: int, seed: int) -> list[Entrant]:
    """A field past the search's proof: points spread, a rematch history everywhere."""
    points = [(seed * 7 + i * 5) % 9 for i in range(count)]
    met = {(a, b) for a in range(count) for b in range(a + 1, count) if (a * 31 + b * 17 + seed) % 6 == 0}
    ranked = sorted(range(count), key=lambda i: (-points[i], i))
    return [
        Entrant(
            id=i,
            points=points[i],
            rank=ranked.index(i) + 1,
            opponents=frozenset(b if a == i else a for a, b in met if i in (a, b)),
            partners=frozenset(b if a == i else a for a, b in met if i in (a, b) and (a + b) % 3 == 0),
        )
        for i in range(count)
    ]


@settings(max_examples=12, deadline=None)
@given(fmt=st.sampled_from(list(FIELDS)), count=st.integers(12, 18), seed=st.integers(0, 50))
@pytest.mark.slow
def test_the_model_is_never_worse_than_the_search(fmt: str, count: int, seed: int) -> None:
    field = _spread_field(count, seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(groups, "BUDGET", 5)
        searched = _pair(fmt, field, None)
        modelled = _pair(fmt, field, 30.0)
    assert score(fmt, field, _seating(modelled)) <= score(fmt, field, _seating(searched))


def test_without_time_left_the_search_answers_not_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(groups, "BUDGET", 1)
    field = _spread_field(14, 3)
    assert _pair("pods", field, 0.0) == _pair("pods", field, None)
    assert not _pair("pods", field, 0.0).exact


def _played_out(count: int, rounds: int) -> list[Entrant]:
    """Standings of a partners event after ``rounds`` rounds paired by the core, the side with the
    stronger players (a fixed strength per id) winning 3 points each."""
    strength = {key: (key * 37) % 11 for key in range(count)}
    points = dict.fromkeys(strength, 0)
    met: dict[int, set[int]] = {key: set() for key in strength}
    partnered: dict[int, set[int]] = {key: set() for key in strength}
    seats = {key: [0, 0, 0, 0] for key in strength}
    dealt = dict.fromkeys(strength, 0)

    def field() -> list[Entrant]:
        ranked = sorted(strength, key=lambda key: (-points[key], key))
        return [
            Entrant(
                key,
                points[key],
                ranked.index(key) + 1,
                frozenset(met[key]),
                frozenset(partnered[key]),
                seat_counts=tuple(seats[key]),
                first_dealer=dealt[key],
            )
            for key in strength
        ]

    for number in range(1, rounds + 1):
        for table in pair_round("partners", field(), seed=1, round_number=number, table_sizes=GAME).tables:
            for at, key in enumerate(table.players):
                seats[key][at] += 1
                met[key] |= set(table.players) - {key}
            dealt[table.players[table.dealer]] += 1
            for side in table.sides:
                for key in side:
                    partnered[key] |= set(side) - {key}
            winner = max(table.sides, key=lambda side: (sum(strength[key] for key in side), side))
            for key in winner:
                points[key] += 3
    return field()


@pytest.mark.slow
def test_the_model_proves_a_40_entrant_partners_round_the_search_leaves() -> None:
    # Past 24 entrants, partners once had HiGHS take all the machine's memory; the relaxation's
    # reduced costs now leave it a few thousand columns (docs/events-pairing.md).
    field = _played_out(40, 3)
    searched = pair_round("partners", field, seed=1, round_number=4, table_sizes=GAME)
    modelled = pair_round("partners", field, seed=1, round_number=4, table_sizes=GAME, time_left=lambda: 60.0)
    assert not searched.exact
    assert modelled.exact
    assert score("partners", field, _seating(modelled)) <= score("partners", field, _seating(searched))
