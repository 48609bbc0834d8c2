"""Hand review timings for ``make bench``: every play of a whole hand rated (goals: a 48-play Tablo
hand in under 20 ms at the median, and every legal hand of every game in at most 100 ms).

Hands are dealt and played at random with a fixed seed (``tests/rules/playouts.py``) outside the
timed part; the review replays the hand and searches the best capture of every card each seat held.
Besides the random hands, each game's hardest hands are built on purpose: Tablo where nobody captures,
so the table grows to 51 cards and every card each seat holds is searched on it; Escoba under
``manual_capture`` where every card is trailed and nobody challenges (36 cards on the table); Maltese
Twenty rounds played out to the last card. The slowest hand of all is then named and timed again,
and its median is held to the bound.
Times are CPU time (``process_time``): on this shared 2-core machine wall time mostly measures the others.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator
from time import process_time

from games.rules import escoba, tablo
from games.rules.cards import JACK, deck
from games.rules.escoba_hand import hand_rules as escoba_hand_rules
from games.rules.game import HandSetup, LogEntry, OptionValue
from games.rules.hand import HandRules
from games.rules.review import review
from games.rules.tamlin_hand import hand_rules as tamlin_hand_rules
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 17
GOAL_MS = 20.0
BOUND_MS = 100.0
WORST_SEEDS = 10
REPEATS = 7
Options = dict[str, OptionValue]
Hand = tuple[str, str, HandSetup, tuple[LogEntry, ...], Options]  # (name, game, setup, log, options)
CASES: tuple[tuple[str, str, HandRules, Options], ...] = (
    ("tablo 2p (48 plays)", "tablo", tablo.hand_rules(2, tablo.tablo_options({})), {}),
    ("escoba 2p (36 plays)", "escoba", escoba_hand_rules(2, escoba.escoba_options({})), {}),
    ("tamlin 2p (48 plays)", "tamlin", tamlin_hand_rules(2, False), {}),
)


def main() -> None:
    print(
        f"Hand review: {HANDS} random whole hands each (seed {SEED}), CPU time; goal Tablo < {GOAL_MS:.0f} ms"
    )
    hands: list[Hand] = []
    for label, game, rules, options in CASES:
        dealt = list(_random_hands(label, game, rules, options))
        times = [_time(hand) for hand in dealt]
        median, worst = statistics.median(times), max(times)
        verdict = "" if game != "tablo" else ("  ok" if median < GOAL_MS else "  OVER GOAL")
        print(f"  {label:<28} median {median:6.2f} ms  max {worst:6.2f} ms{verdict}")
        hands += dealt
    hands += [*_nobody_captures(), *_escoba_all_trailed(), *_twenty_rounds()]
    _worst_case(hands)


def _random_hands(label: str, game: str, rules: HandRules, options: Options) -> Iterator[Hand]:
    pick = random.Random(SEED).randrange
    table_ok: Callable[..., bool] = (
        (lambda card: card.rank != JACK) if game == "tamlin" else (lambda card: True)
    )
    for number in range(HANDS):
        setup, log = random_hand(rules, 2, pick, table_ok=table_ok)
        yield f"{label}, random hand {number}", game, setup, log, options


def _nobody_captures() -> Iterator[Hand]:
    """Tablo, 2 players, every card trailed: tables of 5 to 51 cards."""
    rules = tablo.hand_rules(2, tablo.tablo_options({}))
    for seed in range(WORST_SEEDS):
        setup, log = random_hand(rules, 2, random.Random(seed).randrange)
        trails = tuple(LogEntry(seat=entry.seat, card=entry.card) for entry in log)
        yield f"tablo 2p, nobody captures, 51-card table (seed {seed})", "tablo", setup, trails, {}


def _escoba_all_trailed() -> Iterator[Hand]:
    """Escoba under ``manual_capture``, 2 players, every card trailed and never challenged."""
    options: Options = {"manual_capture": True}
    rules = escoba_hand_rules(2, escoba.escoba_options(options))
    for seed in range(WORST_SEEDS):
        setup, log = random_hand(rules, 2, random.Random(seed).randrange)
        trails = tuple(LogEntry(seat=entry.seat, card=entry.card) for entry in log)
        yield f"escoba 2p, every card trailed unchallenged (seed {seed})", "escoba", setup, trails, options


def _twenty_rounds() -> Iterator[Hand]:
    """Maltese Twenty rounds played to the last card (``round_end: all_cards``)."""
    for seed in range(WORST_SEEDS):
        order = list(deck())
        random.Random(seed).shuffle(order)
        bonus, plays = order[:2], order[2:]
        setup = HandSetup(players=2, starter=0, set_aside=tuple(bonus))
        log = tuple(LogEntry(seat=index % 2, card=card) for index, card in enumerate(plays))
        yield f"twenty, a whole round (seed {seed})", "twenty", setup, log, {"round_end": "all_cards"}


def _time(hand: Hand) -> float:
    _, game, setup, log, options = hand
    start = process_time()
    review(game, setup, log, options)
    return 1000 * (process_time() - start)


def _worst_case(hands: list[Hand]) -> None:
    """The slowest hand of all, timed again: its median against the bound."""
    worst = max(hands, key=_time)
    times = [_time(worst) for _ in range(REPEATS)]
    median = statistics.median(times)
    verdict = "under the bound" if median <= BOUND_MS else f"OVER THE {BOUND_MS:.0f} ms BOUND"
    print(f"  worst case of {len(hands)} hands: {worst[0]}")
    print(f"    median {median:6.2f} ms, max {max(times):6.2f} ms of {REPEATS} runs: {verdict}")


if __name__ == "__main__":
    main()
