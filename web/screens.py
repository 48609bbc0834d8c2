"""What the match screen shows, read through the selectors: score sheet, sides, the hand in progress.

Nothing here scores: totals, progress, tablos and rulings come from the services' stored results and
the engine's hand reports; this module only arranges them for the templates.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils import timezone

from games.access import can_record_match
from games.labels import game_title
from games.matches.replay import is_time_up, next_dealer, setup_of, table_of, time_limit_deadline
from games.matches.selectors.hands import hand_last, hand_report, hand_rows
from games.matches.selectors.matches import MatchVersion, match_row
from games.matches.selectors.scoreboards import Scoreboard, closed_reports, scoreboard_for, sides_of_match
from games.matches.services.hands import summary_pending
from games.matches.services.plays import Recorded
from games.models import Hand, Match, Play, Seat
from games.presentation import presentation_of
from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.cards import Card
from games.rules.game import HandReport
from games.rules.registry import find_game
from games.rules.wording import Who
from games.serbian import shown_name
from web.presets import sweep_name


@dataclass(frozen=True, slots=True)
class SideView:
    """A side on the match screen: its names, total, progress to the target and standing."""

    index: int
    names: str
    total: int
    progress_pct: int | None
    to_target: int | None
    leader: bool
    winner: bool
    tablos: int | None  # Tablo's tablos over the match, drawn as tally marks (docs/rules/tablo.md B9)
    target: int | None = None  # the match's


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One hand of the score sheet: per side, the hand's points and the running total."""

    number: int
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """An Escoba challenge's ruling as the screen shows it (docs/rules/escoba.md)."""

    challenger: str
    correct: bool
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandView:
    """The open hand: who deals and plays, the table, the seen cards, the last play."""

    hand: Hand
    report: HandReport
    dealer: str
    next_seat: int | None
    next_player: str
    table: tuple[Card, ...]
    seen: frozenset[str]
    plays: tuple[Play, ...]
    captures: bool  # a capture game: plays take cards
    compulsory: bool  # a card that can capture must (docs/rules/ E6, T9)
    challenges: bool  # Escoba manual_capture (docs/rules/escoba.md 3.2(g))
    challengers: tuple[tuple[int, str], ...] = ()
    rulings: tuple[Ruling, ...] = ()  # on the last play
    last_player: str = ""
    last_side: int | None = None  # the side whose seat made the last play (its colour on the screen)

    @property
    def last_play(self) -> Play | None:
        """The hand's latest play, if any."""
        return self.plays[-1] if self.plays else None


@dataclass(frozen=True, slots=True, kw_only=True)
class Clock:
    """A match's time limit as the screen shows it (Tamlin, docs/rules/tamlin.md T15): when it runs out
    (``None`` until the first hand starts the clock), the whole minutes left (rounded up), and whether
    it has run out."""

    deadline: datetime | None
    minutes_left: int
    up: bool


def clock_of(match: Match) -> Clock | None:
    """The time limit of a match in progress, or ``None`` (no limit, or the match is over)."""
    if match.time_limit_minutes is None or match.status != Match.Status.IN_PROGRESS:
        return None
    deadline = time_limit_deadline(match)
    if deadline is None:  # the clock starts with the first hand
        return Clock(deadline=None, minutes_left=match.time_limit_minutes, up=False)
    seconds = (deadline - timezone.now()).total_seconds()
    up = is_time_up(match)
    return Clock(deadline=deadline, minutes_left=0 if up else max(1, math.ceil(seconds / 60)), up=up)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchScreen:
    """The match screen: scoreboard, sides, score sheet, the open hand and the clock."""

    match: Match
    title: str
    board: Scoreboard
    seat_names: Mapping[int, str]
    sides: tuple[SideView, ...]
    sheet: tuple[SheetRow, ...]
    # A write on the open hand's answer: what such a write cannot change (the score sheet, sharing
    # and abandoning) is not built, and the phone keeps what it shows.
    kept: bool
    hand: HandView | None
    last_hand: Hand | None
    can_write: bool
    deck: tuple[Card, ...] = ()
    sweep: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    clock: Clock | None = None
    # The closed hands' stored reports, read once for the score sheet and the phone's engine; ``None``
    # when ``kept``.
    reports: list[dict[str, Any]] | None = None

    @property
    def chart(self) -> list[tuple[str, list[int]]]:
        """Each side's running total after each hand, for the chart."""
        return [(side.names, [row.cells[side.index][1] for row in self.sheet]) for side in self.sides]

    @property
    def rounds(self) -> bool:
        """Whether the game is played in rounds nobody deals (the words "Round" and "Who starts")."""
        return presentation_of(self.match.game).rounds

    @property
    def table_barred(self) -> list[str]:
        """The cards that may not start on the table (Tamlin's Jacks, docs/rules/tamlin.md T6): the hand
        form shows them greyed out rather than refuse them once sent."""
        captures = find_game(self.match.game).captures
        return [str(card) for card in self.deck if captures is not None and not captures.table_ok(card)]

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand by default: the deal passes as the game says (docs/rules/shared.md A4)."""
        return next_dealer(self.match, self.last_hand)

    @property
    def next_hand_number(self) -> int:
        """The number the next hand will have."""
        return 1 if self.last_hand is None else self.last_hand.number + 1

    @property
    def coming(self) -> HandView | None:
        """Between the hands of a match in progress, the next hand as it opens before its deal is
        entered: drawn hidden, for the phone to start and play it offline (static/js/offline_hand_end.js)."""
        if self.hand is not None or self.match.status != Match.Status.IN_PROGRESS:
            return None
        hand = Hand(match=self.match, number=self.next_hand_number, dealer=self.next_dealer)
        opening = (HandReport(complete=False, next_seat=None), ())
        return hand_view(self.match, hand, self.seat_names, [], opening)

    @property
    def can_correct(self) -> bool:
        """Scored hands can be corrected, also after the match ended, but not once it is abandoned."""
        return self.can_write and self.match.status != Match.Status.ABANDONED

    @property
    def winner(self) -> SideView | None:
        """The winning side, once there is one."""
        return next((side for side in self.sides if side.winner), None)

    @property
    def version(self) -> str:
        """Changes whenever anything on the screen would: polls compare it to skip unchanged updates."""
        return _version(self.match, self.clock)


def screen_version(match: Match) -> str:
    """What a poll compares: the version every write bumps and, with a time limit, the clock as shown
    (it changes once a minute)."""
    return _version(match, clock_of(match))


def polled_version(found: MatchVersion) -> str:
    """:func:`screen_version` from the version row a poll reads; a match with a clock running is read
    whole for it."""
    if found.timed:
        return screen_version(match_row(found.pk))
    return str(found.screen_version)


def _version(match: Match, clock: Clock | None) -> str:
    if clock is None:
        return str(match.screen_version)
    return f"{match.screen_version}-{'up' if clock.up else clock.minutes_left}"


def seat_name(seat: Seat) -> str:
    """The name of the player in ``seat`` as the screens show it: after the seat's emoji, if it has
    one, so that the players are told apart at a glance (docs/ui.md)."""
    name = shown_name(seat.player.name)
    return f"{seat.emoji} {name}" if seat.emoji else name


def _side_views(match: Match, board: Scoreboard, seats: Sequence[Sequence[Seat]]) -> tuple[SideView, ...]:
    return tuple(
        SideView(
            index=side["index"],
            names=" & ".join(seat_name(seat) for seat in seats[side["index"]]),
            total=side["total"],
            progress_pct=side["progress_pct"],
            to_target=side["to_target"],
            leader=side["leader"],
            winner=board["finished"] and board["winner"] == side["index"],
            tablos=side["extra"].get("tablos"),
            target=board["target"],
        )
        for side in board["sides"]
    )


def _sheet(board: Scoreboard) -> tuple[SheetRow, ...]:
    columns = [[line["total"] for line in side["hands"]] for side in board["sides"]]
    running = [list(accumulate(column)) for column in columns]
    numbers = [line["number"] for line in board["sides"][0]["hands"]] if board["sides"] else []
    return tuple(
        SheetRow(number, tuple((columns[side][row], running[side][row]) for side in range(len(columns))))
        for row, number in enumerate(numbers)
    )


def _rulings(report: HandReport, names: Mapping[int, str], play_index: int) -> tuple[Ruling, ...]:
    """The rulings on the play ``play_index`` (each ruling belongs to its own play)."""
    found = report.extra.get("rulings", [])
    rulings = found if isinstance(found, list) else []
    return tuple(
        Ruling(names.get(item["by"], "?"), item["correct"], item["points"])
        for item in rulings
        if item["play_index"] == play_index
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """What the capture options of a tapped card need of the hand: the table and the capture rules."""

    table: tuple[Card, ...]
    captures: bool
    compulsory: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionsScreen:
    """The match screen as far as the capture options of a tapped card show it."""

    match: Match
    hand: TableView
    sweep: str


def options_screen(match: Match, table: Sequence[str]) -> OptionsScreen:
    """The capture options' screen for the table the phone shows (its play form carries the cards): the
    hand is neither read nor replayed, and a stale table only gives stale advice, as the public rules
    API would; the play itself is checked against the stored log.

    Raises:
        BadCardText: a card of ``table`` cannot be read.
    """
    captures, compulsory = _capture_rules(match)
    view = TableView(table=tuple(map(Card.parse, table)), captures=captures, compulsory=compulsory)
    return OptionsScreen(match=match, hand=view, sweep=str(sweep_name(match.game)))


def _capture_rules(match: Match) -> tuple[bool, bool]:
    """Whether plays take cards in the match's game, and whether a card that can capture must."""
    capturing = CAPTURE_GAMES.get(match.game)
    return capturing is not None, capturing is not None and capturing(match.options).compulsory


def hand_view(
    match: Match,
    hand: Hand,
    names: Mapping[int, str],
    sides: list[list[int]],
    draft: tuple[HandReport, tuple[Play, ...]] | None = None,
) -> HandView:
    """The hand as the recording controls show it: as stored, or (``draft``) after other plays, e.g. a
    correction's, with the engine's report of them."""
    if draft is not None:
        report, plays = draft
    else:
        rows = hand_rows(hand)  # read once: the report replays them, the screen lists them
        report, plays = summary_pending(hand) or hand_report(hand, rows), tuple(rows[0])
    seen = {*hand.table, *hand.set_aside, *(play.card for play in plays)}
    captures, compulsory = _capture_rules(match)
    challenges = bool(match.options.get("manual_capture"))
    last = plays[-1] if plays else None
    own_side = next((seats for seats in sides if last and last.seat in seats), [])
    return HandView(
        hand=hand,
        report=report,
        dealer=names.get(hand.dealer, ""),
        next_seat=report.next_seat,
        next_player=names.get(report.next_seat, "") if report.next_seat is not None else "",
        table=report.table,
        seen=frozenset(seen),
        plays=plays,
        captures=captures,
        compulsory=compulsory,
        challenges=challenges,
        challengers=tuple(
            (seat, name) for seat, name in names.items() if challenges and seat not in own_side
        ),
        rulings=_rulings(report, names, len(plays) - 1),
        last_player=names.get(last.seat, "") if last else "",
        last_side=next((index for index, seats in enumerate(sides) if last and last.seat in seats), None),
    )


def match_screen(
    match: Match, user: User | AnonymousUser, written: Recorded[Any] | None = None, *, whole: bool = False
) -> MatchScreen:
    """Everything the match screen shows, for ``user`` (who may or may not write). After a play, undo
    or challenge (``written``), its hand is the open one and is shown as the write left it: the hands
    are not read again, nor the log replayed. Such a write changes no closed hand (hands close in
    order: those before it), so none is read either: the sides' totals are the match's stored ones,
    and the phone keeps the score sheet it shows (``kept``); ``whole``: the closed hands' reports
    (those before the written hand) are read for the sheet, and the screen is the one a poll of the
    same version shows. Nor is access decided again: the write's service decided it under the match's
    lock."""
    seats = sides_of_match(match)
    names = {seat.number: seat_name(seat) for side in seats for seat in side}
    if written is None:
        last_hand, draft = hand_last(match=match), None
    else:
        last_hand, draft = written.hand, (written.report, written.plays)
    reports: list[dict[str, Any]] | None = None
    closed: int | None = None
    if written is None:
        reports = closed_reports(match)
    elif whole:
        reports = closed_reports(match, before=written.hand.number)
    else:
        closed = written.hand.number - 1
    kept = written is not None and not whole
    board = scoreboard_for(match, closed=closed, reports=reports)
    open_hand = last_hand if last_hand and last_hand.is_open else None
    seat_numbers = [[seat.number for seat in side] for side in seats]
    return MatchScreen(
        match=match,
        title=str(game_title(match.game)),
        deck=find_game(match.game).deck,
        board=board,
        seat_names=names,
        sides=_side_views(match, board, seats),
        sheet=_sheet(board),
        kept=kept,
        hand=hand_view(match, open_hand, names, seat_numbers, draft) if open_hand else None,
        last_hand=last_hand,
        can_write=written is not None or can_record_match(user, match),  # a write's lock checked it
        sweep=str(sweep_name(match.game)),
        extra=board["extra"],
        clock=clock_of(match),
        reports=reports,
    )


def summary_preview(match: Match, hand: Hand, entries: Sequence[Mapping[str, object]]) -> HandReport:
    """How the engine would score these end-of-hand counts, without recording them (live validation).

    Raises:
        SummaryInconsistent: every problem with the counts at once.
    """
    table = table_of(match)
    return table.game.score_summary(setup_of(hand, table), entries, table.options)  # type: ignore[arg-type]  # Twenty's entries hold lists


def who_of(match: Match) -> Who:
    """The names of the match's sides and seats, for the numbers in the engine's messages."""
    sides = sides_of_match(match)
    return Who(
        sides=[" & ".join(seat_name(seat) for seat in side) for side in sides],
        seats={seat.number: seat_name(seat) for side in sides for seat in side},
    )
