"""Escoba hands on the shared engine: capture modes, the deal, challenges (docs/rules/escoba.md E2-E8,
3.2(b), 3.2(g)).

Escoba is a configuration of :mod:`games.rules.hand`: A-10 at face value, one group per capture
(``pair``: one equal card or exactly two summing; ``any``: any number summing; ``fifteen``: the
played card and the taken cards make 15), capture compulsory, leftovers to the last capturer. Under
``manual_capture`` a wrong capture stands and may be challenged before the next play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.rules.capture.capturing import Capturing
from games.rules.capture.search import CaptureMode
from games.rules.cards import Card, Suit
from games.rules.errors import (
    CaptureIllegal,
    CaptureRequired,
    ChallengeBadSeat,
    ChallengeNotAllowed,
    ChallengeNotLatest,
    ChallengeOwnSide,
    ChallengeRepeated,
    RuleViolation,
)
from games.rules.escoba_options import DECK, EscobaOptions
from games.rules.escoba_scoring import SEVEN_DIAMONDS
from games.rules.game import HandSetup, LogEntry
from games.rules.hand import HandRules, HandState, apply_play, last_capturer, new_hand, trail_instead

FIFTEEN = 15
CORRECT_CHALLENGE, FALSE_CHALLENGE = 2, -1  # docs/rules/escoba.md 3.2(g)


def face_value(card: Card) -> tuple[int, ...]:
    """E2: A = 1, 2-10 at pip value, on the table and in hand."""
    return (card.rank,)


def _fifteen_target(card: Card) -> tuple[int, ...]:
    return (FIFTEEN - card.rank,)  # 3.2(f): the played card plus the taken cards make 15


def rank_points(card: Card) -> int:
    """How much a card is worth for ranking captures best first: a diamond, a seven, the 7♦ (E9)."""
    return (card.suit is Suit.DIAMONDS) + (card.rank == 7) + (card == SEVEN_DIAMONDS)


def escoba_capturing(options: EscobaOptions) -> Capturing:
    """One group per capture, compulsory (E5, E6, 3.2(b), 3.2(f)); ``capture_priority`` has no
    effect under ``fifteen`` (docs/rules/shared.md A5)."""
    if options.capture == "fifteen":
        mode = CaptureMode(single_group=True)
        return Capturing(
            values=face_value, targets=_fifteen_target, mode=mode, points=rank_points, compulsory=True
        )
    mode = CaptureMode(
        single_group=True,
        max_size=2 if options.capture == "pair" else None,
        equal_first=options.capture_priority,
    )
    return Capturing(values=face_value, targets=face_value, mode=mode, points=rank_points, compulsory=True)


def hand_rules(players: int, options: EscobaOptions) -> HandRules:
    """An Escoba hand for ``players`` under ``options`` (E3, E7, E8, 3.2(e), 3.2(g))."""
    deal = options.deal_for(players)
    return HandRules(
        game="escoba",
        deck=DECK,
        capturing=escoba_capturing(options),
        table_size=deal.table,
        deals=deal.hands,
        set_aside=deal.out,
        leftovers=last_capturer,
        last_play_sweeps=options.last_play_sweep,
        enforce=not options.manual_capture,
        lead=0 if options.lead == "dealer" else 1,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """The engine's ruling on a challenge (3.2(g)): ``code`` names the mistake when there was one;
    ``taken_back`` when the challenged capture was taken back."""

    play_index: int
    by: int
    correct: bool
    points: int
    code: str | None
    taken_back: bool = False


def replay_with_challenges(
    rules: HandRules, setup: HandSetup, log: Sequence[LogEntry], *, take_back: bool = True
) -> tuple[HandState, tuple[Ruling, ...]]:
    """The hand after every entry of ``log``: plays, and challenges when ``rules`` let wrong captures
    stand. ``play_index`` counts plays only (challenges are not plays). A rightly challenged capture
    is taken back: its card lies on the table as a trail (``take_back``; edition 1 let it stand).

    Raises:
        as :func:`~games.rules.hand.replay`, and ChallengeNotAllowed, ChallengeBadSeat,
        ChallengeNotLatest, ChallengeOwnSide, ChallengeRepeated.
    """
    state = before = new_hand(rules, setup)
    rulings: list[Ruling] = []
    for entry in log:
        if entry.challenge_of is None:
            try:
                state, before = apply_play(state, entry), state
            except RuleViolation as error:
                error.facts.setdefault("play_index", len(state.turns))
                raise
            continue
        ruling = rule_on_challenge(state, entry, rulings)
        turn = state.turns[-1]
        if take_back and ruling.correct and turn.taken:
            state, ruling = trail_instead(before, turn), replace(ruling, taken_back=True)
        elif ruling.correct:  # a mistake that stands (a trail, or edition 1's capture), caught
            state = replace(state, turns=(*state.turns[:-1], replace(turn, caught=True)))
        rulings.append(ruling)
    return state, tuple(rulings)


def rule_on_challenge(state: HandState, challenge: LogEntry, earlier: Sequence[Ruling]) -> Ruling:
    """Whether the challenged play was a mistake: +2 to the challenger if so, else -1 (3.2(g)).

    Raises:
        ChallengeNotAllowed, ChallengeBadSeat, ChallengeNotLatest, ChallengeOwnSide, ChallengeRepeated.
    """
    index, by = challenge.challenge_of, challenge.seat
    if state.rules.enforce:
        raise ChallengeNotAllowed(play_index=index, by=by)
    if not isinstance(by, int) or not 0 <= by < state.players:
        raise ChallengeBadSeat(by=by, last=state.players - 1)
    if not state.turns or index != len(state.turns) - 1:
        raise ChallengeNotLatest(play_index=index, plays=len(state.turns))
    turn = state.turns[index]
    if state.side_of(turn.seat) == state.side_of(by):
        raise ChallengeOwnSide(by=by, play_index=index)
    if any(ruling.play_index == index for ruling in earlier):
        raise ChallengeRepeated(play_index=index)
    if turn.legal:
        return Ruling(play_index=index, by=by, correct=False, points=FALSE_CHALLENGE, code=None)
    code = CaptureIllegal.code if turn.taken else CaptureRequired.code
    return Ruling(play_index=index, by=by, correct=True, points=CORRECT_CHALLENGE, code=code)


def challenge_points(state: HandState, rulings: Sequence[Ruling]) -> tuple[int, ...]:
    """Each side's challenge points: every ruling goes to the challenger's side."""
    points = [0] * len(state.sides)
    for ruling in rulings:
        points[state.side_of(ruling.by)] += ruling.points
    return tuple(points)
