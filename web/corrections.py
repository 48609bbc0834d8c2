"""What the "correct this hand" page shows: the hand as recorded, and a draft of corrected plays.

A draft is a list of plays carried in the page's links and forms (nothing is stored until the
correction is saved through ``hand_correct``); the engine replays it at every step, exactly as it will
replay the saved log, so each play offered or refused here is what the service would accept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from games.labels import game_title
from games.matches.convert import play_entry
from games.matches.replay import replay, table_of
from games.matches.selectors.hands import hand_log
from games.matches.selectors.scoreboards import sides_of_match
from games.matches.services.hands import PlayInput
from games.models import Hand, Match, Play
from games.rules.cards import Card
from games.rules.game import HandReport, LogEntry
from games.rules.registry import find_game
from web.deals import deal_questions
from web.presets import sweep_name
from web.screens import HandView, hand_view, seat_name


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
    """The correction page of a closed hand: its plays or summary as recorded."""

    match: Match
    hand: Hand
    title: str
    seat_names: Mapping[int, str]
    side_names: list[str]
    side_seats: list[list[int]]
    points: tuple[tuple[str, int], ...]  # each side's points in this hand as scored now
    plays: tuple[PlayInput, ...]  # the recorded log (empty for a summary)
    entries: tuple[Mapping[str, object], ...]  # the recorded summary (empty for plays)

    @property
    def by_summary(self) -> bool:
        """Whether the hand was scored from a quick summary."""
        return self.hand.mode == Hand.Mode.SUMMARY

    @property
    def dealer(self) -> str:
        """The dealer's name."""
        return self.seat_names.get(self.hand.dealer, "")

    @property
    def lines(self) -> tuple[PlayLine, ...]:
        """The recorded plays, numbered and named."""
        return play_lines(self.plays, self.seat_names)

    @property
    def replayable(self) -> bool:
        """Whether its plays can be entered again: a hand scored from counts alone may lack its table."""
        return (
            bool(self.plays or self.hand.table)
            or not deal_questions(self.match.game, self.match.options).table
        )


def play_lines(plays: Sequence[PlayInput], names: Mapping[int, str]) -> tuple[PlayLine, ...]:
    """``plays`` numbered, each with its player's name."""
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
    names = {seat.number: seat_name(seat) for side in sides for seat in side}
    side_names = [" & ".join(seat_name(seat) for seat in side) for side in sides]
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
        side_seats=[[seat.number for seat in side] for side in sides],
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


def play_text(play: PlayInput) -> str:
    """A play as a draft carries it in the page: ``"1 7H 2C 7S"`` (seat, card, the cards it took)."""
    return " ".join([str(play.seat), play.card, *play.taken])


@dataclass(frozen=True, slots=True, kw_only=True)
class DraftScreen:
    """Re-entering a hand's plays: the first ``keep`` recorded plays, those ``added`` since, and the hand
    as the engine sees it after them (as the match screen shows an open hand)."""

    correction: CorrectionScreen
    keep: int
    added: tuple[PlayInput, ...]
    hand: HandView
    deck: tuple[Card, ...]
    sweep: str

    @property
    def match(self) -> Match:
        """The hand's match."""
        return self.correction.match

    @property
    def plays(self) -> tuple[PlayInput, ...]:
        """The plays kept and those added since."""
        return (*self.correction.plays[: self.keep], *self.added)

    @property
    def lines(self) -> tuple[PlayLine, ...]:
        """The draft's plays, numbered and named."""
        return play_lines(self.plays, self.correction.seat_names)

    @property
    def texts(self) -> list[str]:
        """The added plays as the form sends them back."""
        return [play_text(play) for play in self.added]

    @property
    def points(self) -> tuple[tuple[str, int], ...]:
        """Each side's points in the hand with these plays, once they finish it."""
        if not self.hand.report.complete:
            return ()
        sides = self.hand.report.sides
        return tuple((name, side.total) for name, side in zip(self.correction.side_names, sides, strict=True))

    @property
    def query(self) -> str:
        """The draft as a query string (the editor's address after each play)."""
        return urlencode([("keep", self.keep), *(("p", text) for text in self.texts)])


def draft_screen(correction: CorrectionScreen, keep: int, added: Sequence[PlayInput]) -> DraftScreen:
    """The draft after the first ``keep`` recorded plays and ``added``.

    Raises:
        RuleViolation: a play of the draft breaks the rules (or the hand's setup lacks its table).
    """
    keep = min(keep, len(correction.plays))
    match, hand = correction.match, correction.hand
    plays = (*correction.plays[:keep], *added)
    report = draft_report(match, hand, plays)
    rows = tuple(Play(seat=play.seat, card=play.card, taken=list(play.taken)) for play in plays)
    view = hand_view(match, hand, correction.seat_names, correction.side_seats, draft=(report, rows))
    return DraftScreen(
        correction=correction,
        keep=keep,
        added=tuple(added),
        hand=view,
        deck=find_game(match.game).deck,
        sweep=str(sweep_name(match.game)),
    )


def draft_add(draft: DraftScreen, card: str, taken: Sequence[str]) -> DraftScreen:
    """The draft with ``card`` played next (by the seat whose turn the engine reports), taking ``taken``.

    Raises:
        RuleViolation: the engine refuses the play.
    """
    seat = draft.hand.next_seat if draft.hand.next_seat is not None else 0  # over: the engine says so
    play = PlayInput(seat=seat, card=card, taken=tuple(taken))
    return draft_screen(draft.correction, draft.keep, (*draft.added, play))


def draft_back(
    correction: CorrectionScreen, keep: int, added: Sequence[PlayInput]
) -> tuple[int, tuple[PlayInput, ...]]:
    """The draft without its last play: the last added one, else the last recorded one kept."""
    if added:
        return keep, tuple(added[:-1])
    return max(0, min(keep, len(correction.plays)) - 1), ()
