"""Hand review timings for ``make bench``: every play of a whole hand rated (goals: a 48-play Tablo
hand in under 20 ms at the median, and every legal hand in at most 100 ms).

The worst legal hand known is a Tablo hand where nobody captures: the table grows to 51 cards and
every card each seat holds is searched on it (``worst case`` below, the slowest of its seeds).

Hands are dealt and played at random with a fixed seed (``tests/rules/playouts.py``) outside the
timed part; the review replays the hand and searches the best capture of every card each seat held.
Times are CPU time (``process_time``): on this shared 2-core machine wall time mostly measures the others.
"""

from __future__ import annotations

import random
import statistics
from time import process_time

from games.rules import escoba, tablo
from games.rules.cards import JACK
from games.rules.escoba_hand import hand_rules as escoba_hand_rules
from games.rules.game import LogEntry, OptionValue
from games.rules.hand import HandRules
from games.rules.review import review
from games.rules.tamlin_hand import hand_rules as tamlin_hand_rules
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 17
GOAL_MS = 20.0
BOUND_MS = 100.0
WORST_SEEDS = 10
CASES: tuple[tuple[str, str, HandRules, int, dict[str, OptionValue]], ...] = (
    ("tablo 2p (48 plays)", "tablo", tablo.hand_rules(2, tablo.tablo_options({})), 2, {}),
    ("escoba 2p (36 plays)", "escoba", escoba_hand_rules(2, escoba.escoba_options({})), 2, {}),
    ("tamlin 2p (48 plays)", "tamlin", tamlin_hand_rules(2, False), 2, {}),
)


def main() -> None:
    print(
        f"Hand review: {HANDS} random whole hands each (seed {SEED}), CPU time; goal Tablo < {GOAL_MS:.0f} ms"
    )
    for label, game, rules, players, options in CASES:
        pick = random.Random(SEED).randrange
        table_ok = (lambda card: card.rank != JACK) if game == "tamlin" else (lambda card: True)
        hands = [random_hand(rules, players, pick, table_ok=table_ok) for _ in range(HANDS)]
        times = []
        for setup, log in hands:
            start = process_time()
            review(game, setup, log, options)
            times.append(1000 * (process_time() - start))
        median, worst = statistics.median(times), max(times)
        verdict = "" if game != "tablo" else ("  ok" if median < GOAL_MS else "  OVER GOAL")
        print(f"  {label:<28} median {median:6.2f} ms  max {worst:6.2f} ms{verdict}")
    worst_case()


if __name__ == "__main__":
    main()


def worst_case() -> None:
    """Tablo, 2 players, every card trailed: tables of 5 to 51 cards."""
    rules = tablo.hand_rules(2, tablo.tablo_options({}))
    times = []
    for seed in range(WORST_SEEDS):
        setup, log = random_hand(rules, 2, random.Random(seed).randrange)
        trails = tuple(LogEntry(seat=entry.seat, card=entry.card) for entry in log)
        start = process_time()
        reviewed = review("tablo", setup, trails, {})
        times.append((1000 * (process_time() - start), seed, sum(not play.exact for play in reviewed.plays)))
    worst, seed, unproven = max(times)
    verdict = "ok" if worst <= BOUND_MS else f"OVER THE {BOUND_MS:.0f} ms BOUND"
    print(
        f"  worst case: tablo 2p, nobody captures, 51-card table ({WORST_SEEDS} seeds): max {worst:6.2f} ms"
        f" (seed {seed}, {unproven} plays unproven)  {verdict}"
    )
