"""Hand review timings for ``make bench`` (issue 17): every play of a whole hand rated (goal: a 48-play
Tablo hand in under 20 ms).

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
from games.rules.game import OptionValue
from games.rules.hand import HandRules
from games.rules.review import review
from games.rules.tamlin_hand import hand_rules as tamlin_hand_rules
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 17
GOAL_MS = 20.0
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


if __name__ == "__main__":
    main()
