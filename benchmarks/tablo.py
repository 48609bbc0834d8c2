"""Tablo timings for ``make bench``: replays of whole random hands, as the API checks a recorded hand.

Hands are dealt and played at random with a fixed seed (``tests/rules/playouts.py``) outside the
timed part; the replay checks every play (turn, cards, capture legality) and scores the hand.
"""

from __future__ import annotations

import random
from time import perf_counter

from games.rules import tablo
from games.rules.game import OptionValue
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 5
CASES: tuple[tuple[str, int, bool, dict[str, OptionValue]], ...] = (
    ("tablo 2p, defaults", 2, False, {}),
    (
        "tablo 3p, counterclockwise, last capturer",
        3,
        False,
        {"direction": "counterclockwise", "leftovers": "last_capturer"},
    ),
    ("tablo 4p pairs, per tablo", 4, True, {"tablo_points": "per_tablo"}),
)


def main() -> None:
    print(f"Tablo: replay of {HANDS} random whole hands each (seed {SEED})")
    pick = random.Random(SEED).randrange
    for label, players, teams, options in CASES:
        rules = tablo.hand_rules(players, tablo.tablo_options(options))
        hands = [random_hand(rules, players, pick, teams=teams) for _ in range(HANDS)]
        start = perf_counter()
        for setup, log in hands:
            tablo.replay_hand(setup, log, options)
        elapsed = perf_counter() - start
        plays = sum(len(log) for _, log in hands)
        print(f"  {label:<44} {1000 * elapsed / HANDS:7.2f} ms/hand  {1e6 * elapsed / plays:7.1f} µs/play")


if __name__ == "__main__":
    main()
