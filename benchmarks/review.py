"""Hand review timings for ``make bench``: every play of a whole hand rated (goals: a 48-play Tablo
hand in under 20 ms at the median, and every legal hand of every game in at most 100 ms).

Hands are dealt and played at random with a fixed seed (``tests/rules/playouts.py``) outside the
timed part; the review replays the hand and searches the best capture of every card each seat held.
Besides the random hands, each game's hardest kinds of hand are built on purpose: Tablo where nobody
captures, so the table grows to 51 cards and every card each seat holds is searched on it; Escoba under
``manual_capture`` where every card is trailed and nobody challenges (36 cards on the table); Tamlin
where every card is trailed that may be (Jacks still sweep); Maltese Twenty rounds played out to the
last card. For each kind the worst card order is then *searched for*, not drawn: starting from the
slowest of several shuffles, two cards of the pack swap places and the swap is kept when the review
gets slower (a hill climb on CPU time, the fastest of two runs). The slowest hand found is timed
again, and its median is held to the bound.
Times are CPU time (``process_time``): on this shared 2-core machine wall time mostly measures the others.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator
from functools import partial
from time import process_time

from games.rules import escoba, tablo
from games.rules.cards import JACK, Card, deck
from games.rules.escoba_hand import hand_rules as escoba_hand_rules
from games.rules.game import HandSetup, LogEntry, OptionValue
from games.rules.hand import HandRules, HandState, apply_play, new_hand
from games.rules.review import review
from games.rules.tamlin_hand import hand_rules as tamlin_hand_rules
from tests.rules.playouts import random_hand

HANDS = 40
SEED = 17
GOAL_MS = 20.0
BOUND_MS = 100.0
# The starting orders: ranks rising with this much noise (small cards first make big tables of small
# cards, the hardest to refute a sweep on; 100 is a plain shuffle).
SPREADS = (3, 4, 5, 6, 8, 100, 100, 100)
STEPS = 40
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
    for label, game, rules, options in CASES:
        dealt = list(_random_hands(label, game, rules, options))
        times = [_time(hand) for hand in dealt]
        median, worst = statistics.median(times), max(times)
        verdict = "" if game != "tablo" else ("  ok" if median < GOAL_MS else "  OVER GOAL")
        print(f"  {label:<28} median {median:6.2f} ms  max {worst:6.2f} ms{verdict}")
    print(f"  worst card orders, searched ({len(SPREADS)} starts, then {STEPS} swaps kept when slower):")
    found = [_searched(*kind) for kind in HARD_KINDS]
    _worst_case(found)


def _random_hands(label: str, game: str, rules: HandRules, options: Options) -> Iterator[Hand]:
    pick = random.Random(SEED).randrange
    table_ok: Callable[..., bool] = (
        (lambda card: card.rank != JACK) if game == "tamlin" else (lambda card: True)
    )
    for number in range(HANDS):
        setup, log = random_hand(rules, 2, pick, table_ok=table_ok)
        yield f"{label}, random hand {number}", game, setup, log, options


Play = Callable[[HandState, list[Card], random.Random], LogEntry]


def _trail(state: HandState, holding: list[Card], pick: random.Random) -> LogEntry:
    """The first card held, trailed where the rules let it stand; else its capture that takes least."""
    card, seat = holding[0], state.next_seat
    assert seat is not None
    if not state.rules.enforce or not state.rules.capturing.compulsory:
        return LogEntry(seat=seat, card=card)
    captures = state.rules.capturing.capture_list(state.table, card, limit=20).captures
    taken = min(captures, key=lambda capture: len(capture.cards)).cards if captures else ()
    return LogEntry(seat=seat, card=card, taken=taken)


def _legal(state: HandState, holding: list[Card], pick: random.Random) -> LogEntry:
    """A card held at random and one of its legal captures at random (a trail where it may)."""
    card, seat = holding[pick.randrange(len(holding))], state.next_seat
    assert seat is not None
    captures = state.rules.capturing.capture_list(state.table, card, limit=8).captures
    taken = captures[pick.randrange(len(captures))].cards if captures else ()
    return LogEntry(seat=seat, card=card, taken=taken)


def _dealt(game: str, rules: HandRules, options: Options, play: Play, order: list[Card]) -> Hand:
    """The hand dealt from the pack ``order`` (the table first, skipping Tamlin's Jacks, T6), played
    by ``play`` (choices seeded)."""
    table = [card for card in order if game != "tamlin" or card.rank != JACK][: rules.table_size]
    rest = [card for card in order if card not in table]
    setup = HandSetup(players=2, table=tuple(table))
    hands: list[list[list[Card]]] = []
    for size in rules.deals:
        hands.append([rest[:size], rest[size : 2 * size]])
        rest = rest[2 * size :]
    state, log, pick = new_hand(rules, setup), [], random.Random(SEED)
    while not state.is_complete:
        seat = state.next_seat
        assert seat is not None
        entry = play(state, [card for card in hands[state.deal][seat] if card not in state.seen], pick)
        state = apply_play(state, entry)
        log.append(entry)
    return game, game, setup, tuple(log), options


def _twenty(order: list[Card]) -> Hand:
    """A round of Maltese Twenty played to the last card (``round_end: all_cards``) in ``order``."""
    setup = HandSetup(players=2, starter=0, set_aside=tuple(order[:2]))
    log = tuple(LogEntry(seat=index % 2, card=card) for index, card in enumerate(order[2:]))
    return "twenty", "twenty", setup, log, {"round_end": "all_cards"}


_MANUAL: Options = {"manual_capture": True}
_TABLO = tablo.hand_rules(2, tablo.tablo_options({}))
_ESCOBA = escoba_hand_rules(2, escoba.escoba_options(_MANUAL))
_TAMLIN = tamlin_hand_rules(2, False)
HARD_KINDS: tuple[tuple[str, tuple[Card, ...], Callable[[list[Card]], Hand]], ...] = (
    ("tablo 2p, nobody captures (51-card table)", _TABLO.deck, partial(_dealt, "tablo", _TABLO, {}, _trail)),
    ("tablo 2p, legal plays at random", _TABLO.deck, partial(_dealt, "tablo", _TABLO, {}, _legal)),
    (
        "escoba 2p, manual_capture, every card trailed",
        _ESCOBA.deck,
        partial(_dealt, "escoba", _ESCOBA, _MANUAL, _trail),
    ),
    (
        "tamlin 2p, every card trailed that may be",
        _TAMLIN.deck,
        partial(_dealt, "tamlin", _TAMLIN, {}, _trail),
    ),
    ("twenty, a whole round", deck(), _twenty),
)


def _searched(label: str, pack: tuple[Card, ...], build: Callable[[list[Card]], Hand]) -> Hand:
    """The slowest card order of ``pack`` a hill climb finds for ``build``'s kind of hand."""
    rng = random.Random(SEED)
    shuffles = (sorted(pack, key=lambda card: card.rank + rng.random() * spread) for spread in SPREADS)
    cost, order = max(((_cost(build(each)), each) for each in shuffles), key=lambda found: found[0])
    for _ in range(STEPS):
        first, second = rng.sample(range(len(pack)), 2)
        trial = order[:]
        trial[first], trial[second] = trial[second], trial[first]
        slower = _cost(build(trial))
        if slower > cost:
            cost, order = slower, trial
    print(f"    {label:<48} {cost:6.2f} ms")
    return (f"{label}, searched", *build(order)[1:])


def _cost(hand: Hand) -> float:
    return min(_time(hand), _time(hand))


def _time(hand: Hand) -> float:
    _, game, setup, log, options = hand
    start = process_time()
    review(game, setup, log, options)
    return 1000 * (process_time() - start)


def _worst_case(hands: list[Hand]) -> None:
    """The slowest hand of all, timed again: its median against the bound."""
    worst = max(hands, key=_cost)
    times = [_time(worst) for _ in range(REPEATS)]
    median = statistics.median(times)
    verdict = "under the bound" if median <= BOUND_MS else f"OVER THE {BOUND_MS:.0f} ms BOUND"
    print(f"  worst case of {len(hands)} searched hands: {worst[0]}")
    print(f"    median {median:6.2f} ms, max {max(times):6.2f} ms of {REPEATS} runs: {verdict}")


if __name__ == "__main__":
    main()
