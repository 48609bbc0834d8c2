"""How a game's cards capture, on real cards: legal captures, checks and disputes (docs/rules/ A3, B8, E5,
T10).

A game describes its capturing as a :class:`Capturing` value (values, targets, group rules, points,
a card that takes everything), which answers :meth:`~Capturing.capture_list` and
:meth:`~Capturing.capture_check` on cards, and its :class:`~games.rules.game.Game` holds a factory
from its options (``captures.capturing``); :func:`capture_list` and :func:`capture_check` then ask
the same two questions of every capture game of the registry by name, from card texts (the API).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from games.rules.capture.search import (
    MANY_GROUPS,
    Board,
    CaptureMode,
    Found,
    Kinds,
    can_capture,
    find_grouping,
    kinds_of,
    legal_captures,
    only_group,
)
from games.rules.cards import Card, format_cards, parse_cards
from games.rules.errors import (
    CaptureIllegal,
    CaptureNotOnTable,
    CaptureRequired,
    CardNotInDeck,
    DuplicateCard,
    NoCaptureGame,
)
from games.rules.game import Game, OptionValue, resolve_options
from games.rules.registry import Registered, find_game

CardGroups = tuple[tuple[Card, ...], ...]
MAX_LIMIT = 200
ALTERNATIVES = 5


def _no_points(card: Card) -> int:
    return 0


def _never(card: Card) -> bool:
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Capturing:
    """A game's capture rules with its options.

    ``values(table_card)`` gives a table card's possible values, whatever card is played (Tamlin's
    ``ace_takes_ace`` makes a table ace 1 or 14, and only a played ace aims at 14), so one board
    serves every card; ``targets(played_card)`` what its groups add up to; ``points`` each card's
    point value, for ranking captures; ``takes_all`` marks a card whose only capture is the whole
    table (Tamlin's Jack, T11); ``compulsory``: a card that can capture must (E6, T9).
    """

    values: Callable[[Card], tuple[int, ...]]
    targets: Callable[[Card], tuple[int, ...]]
    mode: CaptureMode = MANY_GROUPS
    points: Callable[[Card], int] = _no_points
    takes_all: Callable[[Card], bool] = _never
    compulsory: bool = False

    def board(self, table: Sequence[Card]) -> Board:
        """The table as the capture search sees it (the same for every played card)."""
        return Board(tuple(map(self.values, table)), tuple(map(self.points, table)))

    def capture_list(
        self, table: Sequence[Card], card: Card, limit: int = 20, *, counted: bool = True
    ) -> CaptureList:
        """The ``limit`` best captures of ``card``: sweep first, then points, then cards
        (docs/rules/tablo.md B8); ``counted=False``: ``count`` is not worked out (see
        :func:`~games.rules.capture.search.legal_captures`)."""
        if self.takes_all(card):
            return CaptureList(_whole_table(self, table, card), count=int(bool(table)), complete=True)
        board = self.board(table)
        search = legal_captures(board, self.targets(card), self.mode, limit=limit, counted=counted)
        played = self.points(card)
        captures = tuple(
            Capture(
                cards=tuple(table[index] for index in found.taken),
                sweep=found.sweep,
                points=found.points + played,
                grouping=partial(_card_groups, table, found),
            )
            for found in search.captures
        )
        return CaptureList(captures, count=search.count, complete=search.complete, exact=search.exact)

    def forced_plays(self, table: Sequence[Card], cards: Iterable[Card]) -> dict[Card, tuple[Card, ...]]:
        """Those of ``cards`` that the rules leave one play, with the table cards each must take: ``()``
        when it can take nothing (it trails: E6, T9), else, capturing being compulsory, its one capture
        (E6, T9, T11). A card with a choice is left out. Cards with the same targets are judged once."""
        board = self.board(table)
        kinds = kinds_of(board, range(len(table))) if self.compulsory else None
        known: dict[tuple[int, ...], tuple[Card, ...] | None] = {}
        plays: dict[Card, tuple[Card, ...]] = {}
        for card in cards:
            if self.takes_all(card):
                forced = tuple(table) if self.compulsory or not table else None
            else:
                targets = self.targets(card)
                if targets not in known:
                    known[targets] = self._forced(table, board, targets, kinds)
                forced = known[targets]
            if forced is not None:
                plays[card] = forced
        return plays

    def _forced(
        self, table: Sequence[Card], board: Board, targets: tuple[int, ...], kinds: Kinds | None
    ) -> tuple[Card, ...] | None:
        """``kinds``: the table sorted into kinds when a capture is compulsory, else ``None``."""
        if not can_capture(board, targets, self.mode):
            return ()
        if kinds is None:
            return None
        group = only_group(kinds, targets, self.mode)
        return None if group is None else tuple(table[index] for index in group)

    def capture_check(self, table: Sequence[Card], card: Card, taken: Sequence[Card]) -> Verdict:
        """Whether ``card`` may take ``taken`` from ``table`` (nothing: a trail, refused only where
        capturing is compulsory and the card can take something); malformed input raises.

        Raises:
            DuplicateCard, CaptureNotOnTable: as :func:`verify_taken`.
        """
        verify_taken(card, table, taken)
        if not taken:  # a trail: always allowed, unless capturing is compulsory and a capture exists
            alternatives = best_alternatives(self, table, card) if self.compulsory else []
            if not alternatives:
                return Verdict(legal=True)
            required = CaptureRequired(card=str(card), alternatives=alternatives)
            return Verdict(
                legal=False,
                code=required.code,
                message=required.message,
                alternatives=tuple(tuple(Card.parse(text) for text in cards) for cards in alternatives),
            )
        groups = capture_groups(self, table, card, taken)
        if groups is not None:
            return Verdict(legal=True, groups=groups, sweep=len(taken) == len(table))
        alternatives = best_alternatives(self, table, card)
        error = CaptureIllegal(
            card=str(card),
            taken=format_cards(taken),
            taken_text=" ".join(map(str, taken)),
            alternatives=alternatives,
        )
        return Verdict(
            legal=False,
            code=error.code,
            message=error.message,
            alternatives=tuple(tuple(Card.parse(text) for text in cards) for cards in alternatives),
        )


@dataclass(frozen=True, slots=True)
class Capture:
    """A legal capture: cards taken, a sweep or not, points with the played card, and one way to group
    them (:attr:`groups`, worked out when asked for: the hand review does not need them)."""

    cards: tuple[Card, ...]
    sweep: bool
    points: int
    grouping: Callable[[], CardGroups] = field(repr=False, compare=False)

    @property
    def groups(self) -> CardGroups:
        """The taken cards split into the groups the card takes."""
        return self.grouping()


@dataclass(frozen=True, slots=True)
class CaptureList:
    """The best captures first; ``count`` distinct capture sets, a lower bound unless ``complete``;
    ``exact``: the captures listed are proven the best (False only when even that search ran out)."""

    captures: tuple[Capture, ...]
    count: int
    complete: bool
    exact: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """Whether a claimed capture is legal: its groups, or why not and what could have been taken."""

    legal: bool
    groups: CardGroups = ()
    sweep: bool = False
    code: str | None = None
    message: str | None = None
    alternatives: tuple[tuple[Card, ...], ...] = ()


def _whole_table(capturing: Capturing, table: Sequence[Card], card: Card) -> tuple[Capture, ...]:
    if not table:
        return ()
    points = sum(map(capturing.points, table)) + capturing.points(card)
    whole = tuple(table)
    return (Capture(cards=whole, sweep=True, points=points, grouping=lambda: (whole,)),)


def _card_groups(table: Sequence[Card], found: Found) -> CardGroups:
    return tuple(tuple(table[index] for index in group) for group in found.groups)


def capture_groups(
    capturing: Capturing, table: Sequence[Card], card: Card, taken: Sequence[Card]
) -> CardGroups | None:
    """One way to group the ``taken`` table cards, or ``None`` when ``card`` cannot take them."""
    if not taken:
        return None
    if capturing.takes_all(card):
        return (tuple(table),) if set(taken) == set(table) else None
    position = {each: index for index, each in enumerate(table)}
    indices = [position[each] for each in taken]
    groups = find_grouping(capturing.board(table), capturing.targets(card), indices, capturing.mode)
    return None if groups is None else tuple(tuple(table[index] for index in group) for group in groups)


def best_alternatives(capturing: Capturing, table: Sequence[Card], card: Card) -> list[list[str]]:
    """The few best legal captures as card texts, for error messages (docs/rules/shared.md A3)."""
    found = capturing.capture_list(table, card, ALTERNATIVES)
    return [format_cards(capture.cards) for capture in found.captures]


def verify_taken(card: Card, table: Sequence[Card], taken: Sequence[Card]) -> None:
    """The taken cards are on the table, each once.

    Raises:
        DuplicateCard: a card is taken twice, or the played card is on the table.
        CaptureNotOnTable: a taken card is not on the table.
    """
    if card in table:
        raise DuplicateCard(card=str(card))
    seen: set[Card] = set()
    on_table = set(table)
    for each in taken:
        if each in seen:
            raise DuplicateCard(card=str(each))
        if each not in on_table:
            raise CaptureNotOnTable(card=str(card), missing=str(each), table=format_cards(table))
        seen.add(each)


def _capturing(game: Game) -> Callable[[Mapping[str, OptionValue]], Capturing] | None:
    return None if game.captures is None else game.captures.capturing


CAPTURE_GAMES: Mapping[str, Callable[[Mapping[str, OptionValue]], Capturing]] = Registered(_capturing)
"""The registered capture games by name, each with its capturing from resolved options."""


def capturing_of(game: str, options: Mapping[str, object] | None = None) -> Capturing | None:
    """The capture rules of the game called ``game`` with ``options``; ``None`` for a game whose plays
    take nothing (Maltese Twenty).

    Raises:
        UnknownGame, UnknownOption, BadOptionValue: bad game or options.
    """
    found = find_game(game)
    factory = CAPTURE_GAMES.get(game)
    return None if factory is None else factory(resolve_options(found, options))


def capture_list(
    game: str, table: Sequence[str], card: str, options: Mapping[str, object] | None = None, limit: int = 20
) -> CaptureList:
    """:meth:`Capturing.capture_list` for the game called ``game``, from card texts (the captures API).

    Raises:
        UnknownGame, NoCaptureGame, UnknownOption, BadOptionValue: bad game or options.
        BadCardText, CardNotInDeck, DuplicateCard: bad cards.
    """
    capturing, table_cards, played, _ = _read(game, table, card, (), options)
    return capturing.capture_list(table_cards, played, max(1, min(limit, MAX_LIMIT)))


def capture_check(
    game: str,
    table: Sequence[str],
    card: str,
    taken: Sequence[str],
    options: Mapping[str, object] | None = None,
) -> Verdict:
    """:meth:`Capturing.capture_check` for the game called ``game``, from card texts (the capture check API).

    Raises:
        as :func:`capture_list`, and CaptureNotOnTable.
    """
    capturing, table_cards, played, taken_cards = _read(game, table, card, taken, options)
    return capturing.capture_check(table_cards, played, taken_cards)


def _read(
    game: str, table: Sequence[str], card: str, taken: Sequence[str], options: Mapping[str, object] | None
) -> tuple[Capturing, tuple[Card, ...], Card, tuple[Card, ...]]:
    found = find_game(game)
    factory = CAPTURE_GAMES.get(game)
    if factory is None:
        raise NoCaptureGame(game=game)
    capturing = factory(resolve_options(found, options))
    table_cards = parse_cards(table)
    played = Card.parse(card)
    taken_cards = parse_cards(taken)
    for each in (*table_cards, played):
        if each not in found.deck:
            raise CardNotInDeck(card=str(each), game=found.name)
    verify_taken(played, table_cards, taken_cards)
    return capturing, table_cards, played, taken_cards
