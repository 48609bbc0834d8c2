"""Pairing timings for ``make bench``: one round 5 of a club event, paired by the pure core.

Each event is played out with a fixed seed: rounds 1 to 4 are paired by the core itself and decided
by hidden strengths (the stronger player wins two times in three; pods place by strength with noise),
so the histories are realistic: score groups, floats, rematches to avoid, byes, seats and dealers.
Then round 5 is timed, ``REPEATS`` calls each on ``EVENTS`` events; the figures are medians of the
wall time and, for a shared machine, of this process's CPU time.
Goal: a Swiss round for 64 entrants under 200 ms. By field size: `benchmarks/pairing_size.py`.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from time import perf_counter, process_time

from games.events.pairing import Entrant, Pairing, pair_round

EVENTS = 5
REPEATS = 3
ROUND = 5
GAME = frozenset({2, 3, 4})
CASES = (("swiss", 64, 200.0), ("swiss", 128, None), ("pods", 40, None), ("partners", 40, None))


@dataclass
class _Player:
    strength: float
    points: float = 0
    opponents: set[int] = field(default_factory=set)
    partners: set[int] = field(default_factory=set)
    byes: int = 0
    seats: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    dealt: int = 0


def _entrants(players: dict[int, _Player]) -> list[Entrant]:
    ranked = sorted(players, key=lambda key: (-players[key].points, key))
    return [
        Entrant(
            id=key,
            points=players[key].points,
            rank=rank,
            opponents=frozenset(players[key].opponents),
            partners=frozenset(players[key].partners),
            byes=players[key].byes,
            seat_counts=tuple(players[key].seats),
            first_dealer=players[key].dealt,
        )
        for rank, key in enumerate(ranked, start=1)
    ]


def _play(fmt: str, pairing: Pairing, players: dict[int, _Player], rng: random.Random) -> None:
    """Record the round: tables met, seats, dealers, byes (3 points), and results by strength."""
    for bye in pairing.byes:
        players[bye].byes += 1
        players[bye].points += 3
    for table in pairing.tables:
        for at, key in enumerate(table.players):
            players[key].seats[at] += 1
            players[key].opponents.update(set(table.players) - {key})
        players[table.players[table.dealer]].dealt += 1
        sides = table.sides
        if fmt == "partners":
            for side in sides:
                for key in side:
                    players[key].partners.update(set(side) - {key})
        form = {side: sum(players[k].strength for k in side) + rng.gauss(0, 0.6) for side in sides}
        for place, side in enumerate(sorted(sides, key=lambda s: -form[s])):
            won = 3 if place == 0 else 0
            if fmt == "pods":
                won = {4: (3, 2, 1, 0), 3: (3, 2, 0)}[len(sides)][place]
            for key in side:
                players[key].points += won


def _event(fmt: str, count: int, seed: int) -> list[Entrant]:
    """The standings before round 5 of a played-out event."""
    rng = random.Random(seed)
    players = {1000 + n: _Player(strength=rng.gauss(0, 1)) for n in range(count)}
    for number in range(1, ROUND):
        pairing = pair_round(fmt, _entrants(players), seed=seed, round_number=number, table_sizes=GAME)
        _play(fmt, pairing, players, rng)
    return _entrants(players)


def main() -> None:
    print(f"round {ROUND}: median of {REPEATS} calls on each of {EVENTS} events, in ms")
    for fmt, count, goal in CASES:
        times: list[float] = []
        cpu: list[float] = []
        notes: dict[str, int] = defaultdict(int)
        for seed in range(EVENTS):
            entrants = _event(fmt, count, seed)
            for _ in range(REPEATS):
                start, start_cpu = perf_counter(), process_time()
                pairing = pair_round(fmt, entrants, seed=seed, round_number=ROUND, table_sizes=GAME)
                times.append((perf_counter() - start) * 1000)
                cpu.append((process_time() - start_cpu) * 1000)
            notes["rematches"] += len(pairing.rematches)
            notes["inexact"] += not pairing.exact
        median = statistics.median(times)
        verdict = f"  (goal < {goal:g} ms: {'met' if median < goal else 'MISSED'})" if goal else ""
        print(
            f"  {fmt:<8} {count:>4} entrants: median {median:8.1f} ms (CPU {statistics.median(cpu):7.1f} ms),"
            f" slowest {max(times):8.1f} ms;"
            f" rematches {notes['rematches']}, inexact {notes['inexact']} of {EVENTS}{verdict}"
        )


if __name__ == "__main__":
    main()
