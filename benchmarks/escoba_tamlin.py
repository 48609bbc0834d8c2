"""Escoba and Tamlin timings for ``make bench``: whole-hand replays and the hardest capture searches.

Hands are dealt and played at random with a fixed seed (``tests/rules/playouts.py``), outside the
timed part; the replay then checks every play, as the API does for each recorded hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from time import perf_counter

from games.rules import escoba, tamlin
from games.rules.capture.capturing import capture_list
from games.rules.cards import JACK, Card
from games.rules.escoba_hand import hand_rules as escoba_hand_rules
from games.rules.game import HandSetup, LogEntry, OptionValue
from games.rules.hand import HandRules
from games.rules.tamlin_hand import hand_rules as tamlin_hand_rules
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 4

Hand = tuple[HandSetup, tuple[LogEntry, ...]]


def _hands(rules: HandRules, players: int, table_ok: Callable[[Card], bool] | None = None) -> list[Hand]:
    pick = random.Random(SEED).randrange
    if table_ok is None:
        return [random_hand(rules, players, pick) for _ in range(HANDS)]
    return [random_hand(rules, players, pick, table_ok=table_ok) for _ in range(HANDS)]


def _not_a_jack(card: Card) -> bool:
    return card.rank != JACK


def _replays(
    label: str, replay: Callable[..., object], hands: list[Hand], options: dict[str, OptionValue]
) -> None:
    start = perf_counter()
    for setup, log in hands:
        replay(setup, log, options)
    elapsed = perf_counter() - start
    plays = sum(len(log) for _, log in hands)
    print(f"  {label:<40} {1000 * elapsed / len(hands):7.2f} ms/hand  {1e6 * elapsed / plays:7.1f} µs/play")


def _search(label: str, game: str, table: str, card: str, options: dict[str, object] | None = None) -> None:
    start = perf_counter()
    found = capture_list(game, table.split(), card, options)
    elapsed = perf_counter() - start
    print(f"  {label:<40} {1000 * elapsed:7.2f} ms       {found.count} captures, complete={found.complete}")


ESCOBA_CASES: tuple[tuple[str, int, dict[str, OptionValue]], ...] = (
    ("escoba 2p, defaults", 2, {}),
    ("escoba 4p, scopone, any", 4, {"deal": "scopone", "capture": "any"}),
    (
        "escoba 3p, scopone, fifteen, manual",
        3,
        {"deal": "scopone", "capture": "fifteen", "manual_capture": True},
    ),
    ("escoba 6p, any, muerto", 6, {"capture": "any", "muerto": True}),
)
TAMLIN_CASES: tuple[tuple[str, int, dict[str, OptionValue]], ...] = (
    ("tamlin 2p, defaults", 2, {}),
    ("tamlin 4p, cassino, ace takes ace", 4, {"scoring": "cassino", "ace_takes_ace": True}),
)


def main() -> None:
    print(f"Escoba and Tamlin: replay of {HANDS} random whole hands each (seed {SEED})")
    for label, players, options in ESCOBA_CASES:
        rules = escoba_hand_rules(players, escoba.escoba_options(options))
        _replays(label, escoba.replay_hand, _hands(rules, players), options)
    for label, players, options in TAMLIN_CASES:
        rules = tamlin_hand_rules(players, bool(options.get("ace_takes_ace")))
        _replays(label, tamlin.replay_hand, _hands(rules, players, _not_a_jack), options)
    print("Capture searches on crowded tables")
    _search("tamlin TM-1 (10 cards, ace 14)", "tamlin", "AC KC QC 2C 10C 4C 6C 5C 3C 9D", "AH")
    _search("tamlin 16 small cards, king", "tamlin", "AC AD AH 2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 6C 6D", "KS")
    _search(
        "escoba any, 16 small cards, ten",
        "escoba",
        "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S",
        "10D",
        {"capture": "any"},
    )
    _search(
        "escoba fifteen, 16 small cards, ace",
        "escoba",
        "AC AD AH 2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C",
        "AS",
        {"capture": "fifteen"},
    )


if __name__ == "__main__":
    main()
