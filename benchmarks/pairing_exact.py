"""How often pods and partners rounds are proven best, by the search alone and with the exact model
(``games/events/pairing/exact.py``), and at what CPU cost: docs/events-pairing.md, "Exact pods and
partners".

Events of 12, 24 and 40 entrants are played out as in ``benchmarks/pairing.py`` (results by hidden
strengths), each round paired as the task pairs it: the search, then the exact model within
``TASK_SECONDS`` of CPU. Per size, over ``EVENTS`` events of rounds 1 to ``ROUNDS``: the rounds the
search proves, those the model proves within a request's second and within the task's limit, the CPU
of the model's rounds (median and slowest), and how much worse the search's unproven answers were on
the squared points differences.
"""

from __future__ import annotations

import random
import resource
import statistics
from collections.abc import Callable
from itertools import combinations
from time import process_time

from benchmarks.pairing import GAME, _entrants, _play, _Player
from games.events.pairing import Entrant, Pairing, pair_round

EVENTS = 4
ROUNDS = 5
SIZES = (12, 24, 40)
INLINE_SECONDS = 1.0
TASK_SECONDS = 20.0


def _squares(pairing: Pairing, field: list[Entrant]) -> float:
    points = {entrant.id: entrant.points for entrant in field}
    return sum((points[a] - points[b]) ** 2 for t in pairing.tables for a, b in combinations(t.players, 2))


def _cpu_left(seconds: float) -> Callable[[], float]:
    start = process_time()
    return lambda: seconds - (process_time() - start)


def main() -> None:
    print(f"rounds 1-{ROUNDS} of {EVENTS} events per size; exact model within {TASK_SECONDS:g} s of CPU")
    for fmt in ("pods", "partners"):
        for count in SIZES:
            searched = inline = task = 0
            cpu: list[float] = []
            worse: list[float] = []
            for seed in range(EVENTS):
                rng = random.Random(seed)
                players = {1000 + n: _Player(strength=rng.gauss(0, 1)) for n in range(count)}
                for number in range(1, ROUNDS + 1):
                    field = _entrants(players)
                    plain = pair_round(fmt, field, seed=seed, round_number=number, table_sizes=GAME)
                    start = process_time()
                    pairing = pair_round(
                        fmt,
                        field,
                        seed=seed,
                        round_number=number,
                        table_sizes=GAME,
                        time_left=_cpu_left(TASK_SECONDS),
                    )
                    spent = process_time() - start
                    searched += plain.exact
                    if not plain.exact:
                        cpu.append(spent)
                        inline += pairing.exact and spent <= INLINE_SECONDS
                        task += pairing.exact
                        if pairing.exact and _squares(pairing, field):
                            worse.append(_squares(plain, field) / _squares(pairing, field) - 1)
                    _play(fmt, pairing, players, rng)
            total = EVENTS * ROUNDS
            spread = f"median {statistics.median(cpu):.2f} s, slowest {max(cpu):.2f} s" if cpu else "none"
            gap = f"up to {max(worse):.0%} worse" if worse else "no proven gain"
            print(
                f"  {fmt:<8} {count:>3}: search proves {searched}/{total}; with the model"
                f" {searched + inline}/{total} within {INLINE_SECONDS:g} s, {searched + task}/{total} within"
                f" {TASK_SECONDS:g} s; model CPU {spread}; the search's unproven answers {gap};"
                f" peak RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB",
                flush=True,
            )


if __name__ == "__main__":
    main()
