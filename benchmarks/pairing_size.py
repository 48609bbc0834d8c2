"""Pairing CPU by field size for ``make bench``: one round 5 of Swiss, pods and partners at 64, 256 and
1,024 entrants, paired by the pure core (docs/events-pairing.md, "How big").

The standings before round 5 are drawn cheaply rather than played out (playing out four rounds of a
1,024-entrant pods event would itself take minutes): each player's points are those of four random
results, and their earlier tablemates (and partners) are drawn among players on close points, as a
Swiss history makes them. One call per case; the figure is this process's CPU time, which decides
whether a web request may pair the round (``EVENT_PAIRING_INLINE_MAX``) or a Celery task must.
``python -m benchmarks pairing_size 64 256`` measures only those sizes.
"""

from __future__ import annotations

import random
import sys
from time import perf_counter, process_time

from games.events.pairing import Entrant, pair_round

ROUND = 5
GAME = frozenset({2, 3, 4})
FORMATS = ("swiss", "pods", "partners")
SIZES = (64, 256, 1024)
SEATS = {"swiss": 1, "pods": 3, "partners": 3}  # tablemates a player meets each round


def standings(fmt: str, count: int, seed: int = 1) -> list[Entrant]:
    """Entrants before round 5 of a ``fmt`` event of ``count`` players (a seeded, plausible history)."""
    rng = random.Random(seed)
    ids = [1000 + n for n in range(count)]
    points = {key: sum(rng.choice((3, 3, 1, 0, 0)) for _ in range(ROUND - 1)) for key in ids}
    ranked = sorted(ids, key=lambda key: (-points[key], key))
    met: dict[int, set[int]] = {key: set() for key in ids}
    partners: dict[int, set[int]] = {key: set() for key in ids}
    for _ in range(ROUND - 1):
        # Neighbours in the standings, shuffled a little: who a Swiss-like history seats together.
        order = sorted(ranked, key=lambda key: ranked.index(key) + rng.uniform(0, 6))
        size = SEATS[fmt] + 1
        for at in range(0, count - size + 1, size):
            table = order[at : at + size]
            for key in table:
                met[key].update(set(table) - {key})
            if fmt == "partners":
                partners[table[0]].add(table[1])
                partners[table[1]].add(table[0])
    return [
        Entrant(
            id=key,
            points=points[key],
            rank=rank,
            opponents=frozenset(met[key]),
            partners=frozenset(partners[key]),
            seat_counts=(1, 1, 1, 1),
            first_dealer=rng.randrange(2),
        )
        for rank, key in enumerate(ranked, start=1)
    ]


def measure(fmt: str, count: int) -> tuple[float, float, bool]:
    """(CPU seconds, wall seconds, exact) of pairing round 5 of ``fmt`` with ``count`` entrants."""
    entrants = standings(fmt, count)
    start, start_cpu = perf_counter(), process_time()
    pairing = pair_round(fmt, entrants, seed=7, round_number=ROUND, table_sizes=GAME)
    return process_time() - start_cpu, perf_counter() - start, pairing.exact


def main(sizes: tuple[int, ...] = SIZES) -> None:
    print(f"round {ROUND}, one call each, in s of CPU (wall)")
    for fmt in FORMATS:
        for count in sizes:
            cpu, wall, exact = measure(fmt, count)
            flag = "" if exact else ", inexact"
            print(f"  {fmt:<8} {count:>5} entrants: {cpu:7.2f} s CPU ({wall:7.2f} s){flag}", flush=True)


if __name__ == "__main__":
    main(tuple(int(arg) for arg in sys.argv[1:]) or SIZES)
