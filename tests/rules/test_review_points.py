"""The coach's points lost, exact against a brute force (docs/rules/ B3, B9, E6, E7, E9, 3.2(g), T11,
T12, T14): random and adversarial hands of every capture game, each play's points lost, missed item and
rule worked out again from scratch by trying every card the seat held on every subset of the table.

The adversarial hands play what trips a coach: trails and Jacks to an empty table (T11), captures that
break the rules, standing or caught by a challenge and taken back (Escoba ``manual_capture``, 3.2(g)),
challenges of legal plays, Tablo tablos around a fifth of the match (``per_five``, earlier tablos drawn)
and sweeps with the hand's last card. Maltese Twenty's review has its own brute force
(tests/rules/test_twenty_review.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import escoba_hand
from games.rules.cards import Card
from games.rules.game import HandSetup, LogEntry, OptionValue
from games.rules.hand import HandRules, HandState, apply_play, new_hand
from games.rules.registry import find_game
from games.rules.review import HandReview, PlayReview, Value, review
from tests.rules.reference import reference_is_legal
from tests.rules.test_review import POINTS

BRUTE_TABLE = 9  # every subset of the table is tried: keep it small
Options = dict[str, OptionValue]

# The rule each miss is measured by, written out again from docs/rules/ (``required``: an illegal trail).
RULES: dict[str, dict[str, str]] = {
    "tablo": {"sweep": "B9", "points": "B3", "cards": "B8"},
    "escoba": {
        "caught": "3.2(g)",
        "illegal": "E5",
        "required": "E6",
        "sweep": "E7",
        "points": "E9",
        "cards": "E5",
    },
    "tamlin": {"sweep": "T12", "trail_cost": "T11", "points": "T14", "cards": "T10"},
}
CAUGHT_PENALTY = 2  # Escoba 3.2(g): a correct challenge scores +2 to the challenger


def sweep_bonus(game: str, options: Mapping[str, OptionValue], before: int) -> int:
    """What a sweep scores at once: 1 (E7, T12); a Tablo tablo 1 under ``per_tablo``, and under the
    default ``per_five`` 1 only as its side's 5th, 10th, ... tablo of the match (B9)."""
    if game != "tablo" or options.get("tablo_points") == "per_tablo":
        return 1
    return int((before + 1) % 5 == 0)


def trail_cost(game: str, card: Card, table: tuple[Card, ...]) -> int:
    return -1 if game == "tamlin" and card.rank == 11 and not table else 0  # T11


def legal_captures(state: HandState, card: Card) -> list[tuple[Card, ...]]:
    """Every legal capture of ``card`` on the table, by trying every subset."""
    table, capturing = state.table, state.rules.capturing
    if capturing.takes_all(card):
        return [table] if table else []
    board, targets = capturing.board(table), capturing.targets(card)
    return [
        tuple(table[index] for index in taken)
        for size in range(1, len(table) + 1)
        for taken in combinations(range(len(table)), size)
        if reference_is_legal(board, targets, taken, capturing.mode)
    ]


@dataclass(frozen=True)
class Worked:
    """A play worked out from scratch: the best play's value, the play's value and its penalty."""

    best: Value
    made: Value
    penalty: int
    legal: bool


def work_out(
    game: str,
    options: Options,
    state: HandState,
    held: list[Card],
    card: Card,
    turn_taken: tuple[Card, ...],
    caught: bool,
    bonus: int,
) -> Worked:
    points, table = POINTS[game], state.table
    last = len(state.turns) == state.plays - 1

    def value(played: Card, taken: tuple[Card, ...]) -> Value:
        if not taken:
            return Value(False, trail_cost(game, played, table), 0)
        sweep = len(taken) == len(table) and (state.rules.last_play_sweeps or not last)
        carried = points(played) + sum(map(points, taken)) + (bonus if sweep else 0)
        return Value(sweep, carried, len(taken) + 1)

    def allowed(played: Card) -> list[Value]:
        captures = legal_captures(state, played)
        trail = [] if captures and state.rules.capturing.compulsory else [value(played, ())]
        return [value(played, taken) for taken in captures] + trail

    best = max(value for each in held for value in allowed(each))
    mine = legal_captures(state, card)
    if turn_taken:
        legal = set(turn_taken) in [set(taken) for taken in mine]
    else:
        legal = not (mine and state.rules.capturing.compulsory)
    made = value(card, () if caught else turn_taken)
    return Worked(best, made, CAUGHT_PENALTY if caught else 0, legal)


def missed_item(worked: Worked, rated: PlayReview, caught: bool) -> str:
    if caught:
        return "caught"
    if not worked.legal:
        return "illegal"
    if worked.made >= worked.best:
        return ""
    if worked.best.sweep and not worked.made.sweep:
        return "sweep"
    if worked.made.points < 0:
        return "trail_cost"
    return "points" if worked.best.points > worked.made.points else "cards"


def adversarial_hand(
    game: str, players: int, teams: bool, options: Options, data: st.DataObject
) -> tuple[HandSetup, list[LogEntry], HandRules]:
    """A whole hand of ``game`` whose every choice hypothesis draws, leaning to the plays that trip a
    coach: trails, Jacks to an empty table, illegal captures and trails that stand or are challenged."""
    found = find_game(game)
    assert found.captures is not None
    rules = found.captures.hand_rules(players, options)
    pack = data.draw(st.permutations(rules.deck))
    table = [card for card in pack if found.captures.table_ok(card)][: rules.table_size]
    rest = [card for card in pack if card not in table]
    out, rest = rest[: rules.set_aside], rest[rules.set_aside :]
    dealt = []
    for size in rules.deals:
        dealt.append([rest[seat * size : (seat + 1) * size] for seat in range(players)])
        rest = rest[players * size :]
    sides = 2 if teams and players == 4 else 3 if teams else players
    before = tuple(data.draw(st.integers(0, 9)) for _ in range(sides)) if game == "tablo" else ()
    setup = HandSetup(
        players=players, teams=teams, table=tuple(table), set_aside=tuple(out), sweeps_before=before
    )
    manual = not rules.enforce
    log: list[LogEntry] = []
    state = new_hand(rules, setup)
    while not state.is_complete:
        seat = state.next_seat
        assert seat is not None
        holding = [card for card in dealt[state.deal][seat] if card not in state.seen]
        jacks = [card for card in holding if card.rank == 11]
        if game == "tamlin" and not state.table and jacks and data.draw(st.booleans()):
            card = jacks[0]
        else:
            card = data.draw(st.sampled_from(holding))
        captures = rules.capturing.capture_list(state.table, card, limit=8).captures
        how = data.draw(
            st.sampled_from(["best", "any", "trail", "wrong"] if manual else ["best", "any", "trail"])
        )
        taken: tuple[Card, ...] = ()
        if how == "best" and captures:
            taken = captures[0].cards
        elif how == "any" and captures:
            taken = data.draw(st.sampled_from(captures)).cards
        elif how == "wrong" and state.table:
            picks = data.draw(st.sets(st.sampled_from(state.table), min_size=1, max_size=len(state.table)))
            taken = tuple(card for card in state.table if card in picks)
        elif how == "trail" and captures and (rules.capturing.compulsory and not manual):
            taken = captures[0].cards
        log.append(LogEntry(seat=seat, card=card, taken=taken))
        if manual and data.draw(st.booleans()):
            others = [other for other in range(players) if state.side_of(other) != state.side_of(seat)]
            log.append(LogEntry(seat=data.draw(st.sampled_from(others)), challenge_of=len(state.turns)))
        state = _replayed(rules, setup, log)
    return setup, log, rules


def _replayed(rules: HandRules, setup: HandSetup, log: list[LogEntry]) -> HandState:
    if rules.enforce:
        state = new_hand(rules, setup)
        for entry in log:
            state = apply_play(state, entry)
        return state
    return escoba_hand.replay_with_challenges(rules, setup, log)[0]


def check(game: str, options: Options, setup: HandSetup, log: list[LogEntry], rules: HandRules) -> int:
    """Every play's points lost, item and rule against the brute force; how many plays it checked."""
    reviewed: HandReview = review(game, setup, log, options)
    plays = [entry for entry in log if entry.challenge_of is None]
    caught = {
        entry.challenge_of
        for entry in log
        if entry.challenge_of is not None
        and not _replayed(rules, setup, log[: log.index(entry)]).turns[entry.challenge_of].legal
    }
    deal_ends = [sum(rules.deals[: deal + 1]) * setup.players for deal in range(len(rules.deals))]
    state = new_hand(rules, setup)
    swept = list(setup.sweeps_before or (0,) * len(state.sides))
    checked = 0
    for index, (entry, rated) in enumerate(zip(plays, reviewed.plays, strict=True)):
        assert entry.card is not None
        end = next(stop for stop in deal_ends if index < stop)
        held = [
            later.card for later in plays[index:end] if later.seat == entry.seat and later.card is not None
        ]
        side = state.side_of(entry.seat)
        bonus = sweep_bonus(game, options, swept[side])
        is_caught = index in caught
        if len(state.table) <= BRUTE_TABLE:
            worked = work_out(game, options, state, held, entry.card, entry.taken, is_caught, bonus)
            assert rated.best_play.value == worked.best, (index, rated)
            assert rated.value == worked.made
            assert rated.points_lost == max(0, worked.best.points - worked.made.points) + worked.penalty
            item = missed_item(worked, rated, is_caught)
            assert (rated.missed_item, rated.caught, rated.illegal) == (item, is_caught, item == "illegal")
            key = "required" if item == "illegal" and not entry.taken else item
            assert rated.rule == (RULES[game][key] if item else "")
            checked += 1
        state = _after(rules, setup, log, index)
        swept[side] += state.turns[index].sweep
    for seat in reviewed.seats:
        mine = [rated for rated in reviewed.plays if rated.seat == seat.seat]
        assert seat.points_missed == sum(rated.points_lost for rated in mine)
        assert seat.caught_plays == sum(rated.caught for rated in mine)
    return checked


def _position(log: list[LogEntry], play: int) -> int:
    """Where the ``play``-th play is in ``log``."""
    return [position for position, entry in enumerate(log) if entry.challenge_of is None][play]


def _after(rules: HandRules, setup: HandSetup, log: list[LogEntry], play: int) -> HandState:
    """The hand after its ``play``-th play and the challenge of it, if any."""
    position = _position(log, play) + 1
    if position < len(log) and log[position].challenge_of is not None:
        position += 1
    return _replayed(rules, setup, log[:position])


CASES = [
    pytest.param("tablo", 2, False, {}, id="tablo-2p-per-five"),
    pytest.param("tablo", 3, False, {"tablo_points": "per_tablo"}, id="tablo-3p-per-tablo"),
    pytest.param("tablo", 4, True, {}, id="tablo-4p-pairs"),
    pytest.param("escoba", 2, False, {"manual_capture": True}, id="escoba-2p-manual"),
    pytest.param(
        "escoba",
        3,
        False,
        {"manual_capture": True, "capture": "any", "last_play_sweep": False},
        id="escoba-3p-any",
    ),
    pytest.param("escoba", 4, True, {"manual_capture": True, "capture": "fifteen"}, id="escoba-4p-fifteen"),
    pytest.param("escoba", 2, False, {"capture_priority": True}, id="escoba-2p-priority"),
    pytest.param("tamlin", 2, False, {}, id="tamlin-2p"),
    pytest.param("tamlin", 4, True, {"ace_takes_ace": True}, id="tamlin-4p-ace-takes-ace"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "teams", "options"), CASES)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_points_lost_match_the_brute_force(
    game: str, players: int, teams: bool, options: Options, data: st.DataObject
) -> None:
    setup, log, rules = adversarial_hand(game, players, teams, options, data)
    assert check(game, options, setup, log, rules) > 0
