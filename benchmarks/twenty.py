"""Maltese Twenty timings for ``make bench``: replays of whole random rounds, as the API checks one.

Rounds are shuffled with a fixed seed outside the timed part; the replay checks every card (turn,
duplicates, bonus cards) and scores every tally event and the bonus (docs/rules/twenty.md W3-W8).
"""

from __future__ import annotations

import random
from time import perf_counter

from games.rules.cards import Card, deck
from games.rules.twenty import replay_round
from games.rules.twenty_round import RoundEnd, TwentyPlay

ROUNDS = 200
SEED = 7


def _random_round(
    pick: random.Random, round_end: RoundEnd
) -> tuple[int, tuple[Card, ...], tuple[TwentyPlay, ...]]:
    cards = list(deck())
    pick.shuffle(cards)
    starter = pick.randrange(2)
    count = 49 if round_end is RoundEnd.STARTER_OUT else 50
    plays = tuple(TwentyPlay((starter + index) % 2, card) for index, card in enumerate(cards[2 : 2 + count]))
    return starter, tuple(cards[:2]), plays


def main() -> None:
    print(f"Twenty: replay of {ROUNDS} random whole rounds each (seed {SEED})")
    pick = random.Random(SEED)
    for round_end in RoundEnd:
        rounds = [_random_round(pick, round_end) for _ in range(ROUNDS)]
        options = {"round_end": round_end.value}
        start = perf_counter()
        for starter, bonus_cards, plays in rounds:
            assert replay_round(
                starter=starter, bonus_cards=bonus_cards, plays=plays, options=options
            ).complete
        elapsed = perf_counter() - start
        plays_count = sum(len(plays) for _, _, plays in rounds)
        print(
            f"  round_end={round_end.value:<12} {1000 * elapsed / ROUNDS:7.2f} ms/round"
            f"  {1e6 * elapsed / plays_count:7.1f} µs/card"
        )


if __name__ == "__main__":
    main()
