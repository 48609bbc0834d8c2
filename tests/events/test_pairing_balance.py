"""First deals balanced over a whole event (docs/events-pairing.md, objective 4): wherever the tables
allow it, two players who played as many tables dealt first a number of times that differs by at most
one. Here every table draws, so the points leave every pairing free; the Swiss and partners rounds stop
before avoiding rematches (partners: repeated partners and opponents) leaves no choice of tables, and
pods are checked against brute force round by round."""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from games.events.pairing import Entrant, Pairing, pair_round
from games.events.pairing.sizes import seated_sizes
from tests.events.reference import best_score, score, seatings

GAME = frozenset({2, 3, 4})


@dataclass
class _Seat:
    opponents: set[int] = field(default_factory=set)
    partners: set[int] = field(default_factory=set)
    seats: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    dealt: int = 0
    byes: int = 0


def _field(players: dict[int, _Seat]) -> list[Entrant]:
    return [
        Entrant(
            id=key,
            points=0,
            rank=key,
            opponents=frozenset(seat.opponents),
            partners=frozenset(seat.partners),
            byes=seat.byes,
            seat_counts=tuple(seat.seats),
            first_dealer=seat.dealt,
        )
        for key, seat in players.items()
    ]


def _record(players: dict[int, _Seat], pairing: Pairing) -> None:
    for key in pairing.byes:
        players[key].byes += 1
    for table in pairing.tables:
        for at, key in enumerate(table.players):
            players[key].seats[at] += 1
            players[key].opponents |= set(table.players) - {key}
        for side in table.sides:
            for key in side:
                players[key].partners |= set(side) - {key}
        players[table.players[table.dealer]].dealt += 1


def _spread(played: dict[int, int], dealt: dict[int, int]) -> int:
    """The widest gap in first deals among players who played as many tables."""
    groups: dict[int, list[int]] = {}
    for key, count in played.items():
        groups.setdefault(count, []).append(dealt[key])
    return max(max(group) - min(group) for group in groups.values())


def _now(players: dict[int, _Seat]) -> int:
    return _spread({k: sum(p.seats) for k, p in players.items()}, {k: p.dealt for k, p in players.items()})


def _spreads(fmt: str, count: int, rounds: int, seed: int) -> list[int]:
    """After each round, the widest gap in first deals among players who played as many tables."""
    players = {key: _Seat() for key in range(1, count + 1)}
    spreads = []
    for number in range(1, rounds + 1):
        pairing = pair_round(fmt, _field(players), seed=seed, round_number=number, table_sizes=GAME)
        _record(players, pairing)
        spreads.append(_now(players))
    return spreads


def _balanced_seating_exists(players: dict[int, _Seat], field: list[Entrant], sizes: tuple[int, ...]) -> bool:
    """Some seating best on objectives 1-3 (brute force) leaves first deals within one, the least
    dealt dealing at each table."""
    best = best_score("pods", field, sizes)
    for seating in seatings(sorted(players), sizes):
        if score("pods", field, seating) != best:
            continue
        played = {key: sum(p.seats) for key, p in players.items()}
        dealt = {key: p.dealt for key, p in players.items()}
        for table in seating[0]:
            for key in table:
                played[key] += 1
            dealt[min(table, key=lambda key: dealt[key])] += 1
        if _spread(played, dealt) <= 1:
            return True
    return False


@settings(max_examples=15, deadline=None)
@given(count=st.sampled_from([10, 12, 14, 16]), seed=st.integers(0, 10_000))
def test_swiss_first_deals_stay_within_one(count: int, seed: int) -> None:
    assert max(_spreads("swiss", count, 5, seed)) <= 1


@settings(max_examples=10, deadline=None)
@given(count=st.sampled_from([8, 12, 16]), seed=st.integers(0, 10_000))
def test_partners_first_deals_stay_within_one(count: int, seed: int) -> None:
    assert max(_spreads("partners", count, 3, seed)) <= 1


@settings(max_examples=5, deadline=None)
@given(count=st.sampled_from([9, 10]), seed=st.integers(0, 10_000))
def test_pods_first_deals_stay_within_one_wherever_a_best_seating_allows(count: int, seed: int) -> None:
    # Pods must sometimes repeat or clash (9 in threes: every round 3 without a rematch may seat two of
    # the three yet to deal together). In each round where some seating best on objectives 1-3 keeps
    # first deals within one, so does the pairing.
    players = {key: _Seat() for key in range(1, count + 1)}
    sizes = seated_sizes(count, GAME)
    allowed = 0
    for number in range(1, 5):
        field = _field(players)
        possible = _balanced_seating_exists(players, field, sizes)
        _record(players, pair_round("pods", field, seed=seed, round_number=number, table_sizes=GAME))
        if possible:
            allowed += 1
            assert _now(players) <= 1
    assert allowed >= 2
