"""The score's reasons at the table: what each play scored, each side's running state during a hand,
and each scored hand's breakdown, in words for the match screen.

Every number comes from the engine's reports (the open hand's :class:`HandReport`, the scoreboard's
per-hand breakdowns); this module only words and arranges them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from games.breakdowns import hand_breakdown
from games.matches.convert import stored_report
from games.matches.selectors.scoreboards import HandBreakdown, sides_of_match
from games.messages import ReaderWords
from games.models import Hand, Match
from games.rules import wording
from games.rules.game import HandEvent, HandReport
from games.rules.twenty_round import FIVE_TALLY_CARDS
from games.rules.wording import BreakdownRow, signed
from web.presets import sweep_name
from web.screens import MatchScreen, SideView


def event_text(event: HandEvent, names: Sequence[str], game: str) -> str:
    """One event of ``game`` in words: "Tablo for Marija (+1)"; a Twenty tally names its length."""
    return wording.event_text(event.kind, event.side, event.points, names, ReaderWords(game))


@dataclass(frozen=True, slots=True)
class LiveSide:
    """A side on the match screen during a hand: its standing, and what it scored in this hand so far
    (``hand_points`` is ``None`` while nothing has scored; ``tablos`` counts this hand's too)."""

    view: SideView
    tablos: int | None
    hand_points: int | None
    sweeps: int
    challenges: int | None

    # Worded here rather than by {% blocktranslate %}: the live region shows them for every side in
    # every answer, and a template tag costs ten times as much (same texts, same translations).
    @property
    def progress_label(self) -> str:
        """What the progress bar says to a screen reader: "Marija toward 100"."""
        return gettext("%(names)s toward %(target)s") % {"names": self.view.names, "target": self.view.target}

    @property
    def to_go(self) -> str:
        """The points the side still needs, in words."""
        counter = self.view.to_target or 0
        return ngettext("%(counter)s point to go", "%(counter)s points to go", counter) % {"counter": counter}

    @property
    def tablos_label(self) -> str:
        """The tablos' tally marks for a screen reader: "3 tablos"."""
        counter = self.tablos or 0
        return ngettext("%(counter)s tablo", "%(counter)s tablos", counter) % {"counter": counter}


@dataclass(frozen=True, slots=True)
class LiveHand:
    """What the open hand scored play by play: ``sides``, the last play's ``events`` in words, and in
    Twenty the tally's cards, their sum and the doubling chain of awards."""

    sides: tuple[LiveSide, ...]
    names: tuple[str, ...]
    scored: str = ""  # the last scored hand's points per side: "Marija +16 · Dragan +18"
    events: tuple[str, ...] = ()
    sweep: str = ""
    tally_value: int | None = None
    chain: tuple[int, ...] = ()


def live_hand(screen: MatchScreen) -> LiveHand:
    """The open hand's events and running state per side (or just the sides between hands)."""
    hand = screen.hand
    report = hand.report if hand is not None else None
    names = tuple(side.names for side in screen.sides)
    if report is None or hand is None or len(report.sides) != len(screen.sides):  # a summary to come
        sides = tuple(LiveSide(side, side.tablos, None, 0, None) for side in screen.sides)
        return LiveHand(sides=sides, names=names, scored=_scored(screen))
    scored = any(side.total for side in report.sides) and not report.complete
    sides = tuple(
        LiveSide(
            view=view,
            tablos=None if view.tablos is None else view.tablos + side.sweeps,
            hand_points=side.total if scored else None,
            sweeps=side.sweeps,
            challenges=side.points.get("challenges") or None,
        )
        for view, side in zip(screen.sides, report.sides, strict=True)
    )
    last = len(hand.plays) - 1
    events = tuple(
        event_text(event, names, screen.match.game)
        for event in report.events
        if event.play_index == last and event.kind != "challenge"  # rulings are worded under the play
    )
    sweep = str(sweep_name(screen.match.game))
    value, chain = _tally(report)
    return LiveHand(sides=sides, names=names, events=events, sweep=sweep, tally_value=value, chain=chain)


def _scored(screen: MatchScreen) -> str:
    if not screen.sheet:
        return ""
    cells = screen.sheet[-1].cells
    return " · ".join(
        f"{side.names} {signed(points)}" for side, (points, _running) in zip(screen.sides, cells, strict=True)
    )


def _tally(report: HandReport) -> tuple[int | None, tuple[int, ...]]:
    """Twenty: the tally's sum, and the awards of the chain it is in (15, 30, 60 ...) once 5 cards lie."""
    value = report.extra.get("tally_value")
    if not isinstance(value, int):
        return None, ()
    chain: list[int] = []
    if len(report.table) >= FIVE_TALLY_CARDS:
        for event in reversed(report.events):
            if event.kind != "tally":
                break
            chain.insert(0, event.points)
    return value, tuple(chain)


def hand_numbered(hands: Sequence[HandBreakdown], number: int) -> HandBreakdown | None:
    """The breakdown of hand ``number``, or ``None``."""
    return next((hand for hand in hands if hand["number"] == number), None)


def stored_breakdown(match: Match, hand: Hand) -> list[BreakdownRow]:
    """A closed hand's breakdown from its stored report (the correction page)."""
    seats = tuple(tuple(seat.number for seat in side) for side in sides_of_match(match))
    report = stored_report(hand, list(hand.scores.all()), seats)
    return hand_breakdown(match.game, match.options, report) if report.sides else []
