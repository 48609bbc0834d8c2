"""Random whole hands of legal plays for capture games (properties and ``make bench``).

Every choice (the shuffle, the card played, the capture) comes from ``choose(n) -> 0..n-1``, so
hypothesis (``data.draw``) and a seeded ``random.Random`` (``randrange``) drive the same code.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.cards import Card
from games.rules.game import Game, HandSetup, LogEntry, Options
from games.rules.hand import HandRules, apply_play, new_hand
from games.rules.registry import find_game

Choose = Callable[[int], int]


def _always(card: Card) -> bool:
    return True


def random_hand(
    rules: HandRules,
    players: int,
    choose: Choose,
    *,
    teams: bool = False,
    dealer: int = 0,
    table_ok: Callable[[Card], bool] = _always,
) -> tuple[HandSetup, tuple[LogEntry, ...]]:
    """A shuffled deal and a legal play for every turn; ``table_ok`` says which cards may be dealt
    to the table (Tamlin deals no Jack there, T6)."""
    pack = list(rules.deck)
    for top in range(len(pack) - 1, 0, -1):
        other = choose(top + 1)
        pack[top], pack[other] = pack[other], pack[top]
    table = [card for card in pack if table_ok(card)][: rules.table_size]
    rest = [card for card in pack if card not in table]
    out, rest = rest[: rules.set_aside], rest[rules.set_aside :]
    dealt: list[list[list[Card]]] = []
    for size in rules.deals:
        dealt.append([rest[seat * size : (seat + 1) * size] for seat in range(players)])
        rest = rest[players * size :]
    setup = HandSetup(players=players, teams=teams, dealer=dealer, table=tuple(table), set_aside=tuple(out))
    state = new_hand(rules, setup)
    log: list[LogEntry] = []
    while not state.is_complete:
        seat = state.next_seat
        assert seat is not None
        holding = [card for card in dealt[state.deal][seat] if card not in state.seen]
        card = holding[choose(len(holding))]
        captures = rules.capturing.capture_list(state.table, card, limit=8).captures
        taken = captures[choose(len(captures))].cards if captures else ()
        if captures and not rules.capturing.compulsory and choose(4) == 0:
            taken = ()
        play = LogEntry(seat=seat, card=card, taken=taken)
        state = apply_play(state, play)
        log.append(play)
    return setup, tuple(log)


def game_hand(
    game: str,
    options: Options,
    players: int,
    choose: Choose,
    *,
    teams: bool = False,
    dealer: int = 0,
    number: int = 1,
) -> tuple[HandSetup, tuple[LogEntry, ...]]:
    """A random whole hand of ``game`` under its resolved ``options``: a capture game's hand as its
    ``captures`` deal and play it; a game whose plays take nothing is played as Maltese Twenty's rounds,
    round ``number`` started by its own seat with two bonus cards set aside (W1, W3)."""
    found = find_game(game)
    if found.captures is None:
        return _round(found, options, choose, number)
    rules = found.captures.hand_rules(players, options)
    return random_hand(rules, players, choose, teams=teams, dealer=dealer, table_ok=found.captures.table_ok)


def _round(
    game: Game, options: Options, choose: Choose, number: int
) -> tuple[HandSetup, tuple[LogEntry, ...]]:
    pack = list(game.deck)
    for top in range(len(pack) - 1, 0, -1):
        other = choose(top + 1)
        pack[top], pack[other] = pack[other], pack[top]
    setup = HandSetup(players=2, starter=number - 1, set_aside=tuple(pack[:2]), number=number)
    log: list[LogEntry] = []
    for card in pack[2:]:
        seat = game.replay_hand(setup, log, options).next_seat
        if seat is None:
            break
        log.append(LogEntry(seat=seat, card=card))
    return setup, tuple(log)
