"""What the "correct this hand" page shows: the hand as recorded, and a draft of corrected plays.

A draft is a list of plays carried in the page's links and forms (nothing is stored until the
correction is saved through ``hand_correct``); the engine replays it at every step, exactly as it will
replay the saved log, so each play offered or refused here is what the service would accept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.convert import play_entry
from games.models import Hand, Match
from games.rules.game import HandReport, LogEntry
from games.selectors import hand_log, sides_of_match
from games.services.hands import PlayInput
from games.services.scoring import replay, table_of
from web.presets import game_title


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayLine:
    """One recorded play in words: its number (from 1), who played, the card and what it took."""

    number: int
    player: str
    card: str
    taken: tuple[str, ...]
    challengers: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionScreen:
    match: Match
    hand: Hand
    title: str
    seat_names: Mapping[int, str]
    side_names: list[str]
    points: tuple[tuple[str, int], ...]  # each side's points in this hand as scored now
    plays: tuple[PlayInput, ...]  # the recorded log (empty for a summary)
    entries: tuple[Mapping[str, object], ...]  # the recorded summary (empty for plays)

    @property
    def by_summary(self) -> bool:
        return self.hand.mode == Hand.Mode.SUMMARY

    @property
    def dealer(self) -> str:
        return self.seat_names.get(self.hand.dealer, "")

    @property
    def lines(self) -> tuple[PlayLine, ...]:
        return play_lines(self.plays, self.seat_names)


def play_lines(plays: Sequence[PlayInput], names: Mapping[int, str]) -> tuple[PlayLine, ...]:
    return tuple(
        PlayLine(
            number=number,
            player=names.get(play.seat, "?"),
            card=play.card,
            taken=tuple(play.taken),
            challengers=tuple(names.get(seat, "?") for seat in play.challenged_by),
        )
        for number, play in enumerate(plays, start=1)
    )


def correction_screen(match: Match, hand: Hand) -> CorrectionScreen:
    """The closed hand ``hand`` of ``match`` as recorded and as scored now."""
    sides = sides_of_match(match)
    names = {seat.number: seat.player.name for side in sides for seat in side}
    side_names = [" & ".join(seat.player.name for seat in side) for side in sides]
    scores = {score.side: score.total for score in hand.scores.all()}
    summary = getattr(hand, "summary", None) if hand.mode == Hand.Mode.SUMMARY else None
    log = () if summary is not None else hand_log(hand)
    plays = tuple(
        PlayInput(
            seat=line["seat"], card=line["card"], taken=line["taken"], challenged_by=line["challenged_by"]
        )
        for line in log
    )
    return CorrectionScreen(
        match=match,
        hand=hand,
        title=str(game_title(match.game)),
        seat_names=names,
        side_names=side_names,
        points=tuple((name, scores.get(index, 0)) for index, name in enumerate(side_names)),
        plays=plays,
        entries=tuple(summary.entries) if summary is not None else (),
    )


def draft_log(plays: Sequence[PlayInput]) -> list[LogEntry]:
    """The draft as the engine's log: each play, then the challenges of it (as the stored log has them)."""
    log: list[LogEntry] = []
    for index, play in enumerate(plays):
        log.append(play_entry(seat=play.seat, card=play.card, taken=play.taken))
        log.extend(LogEntry(seat=seat, challenge_of=index) for seat in play.challenged_by)
    return log


def draft_report(match: Match, hand: Hand, plays: Sequence[PlayInput]) -> HandReport:
    """Where the hand stands after the draft's plays, replayed by the engine on the hand's setup.

    Raises:
        RuleViolation: a play of the draft breaks the rules.
    """
    return replay(hand, table_of(match), draft_log(plays))
