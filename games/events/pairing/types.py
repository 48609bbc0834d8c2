"""The pairing core's values: who is in the field, and the tables a round seats."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entrant:
    """One active player in the field, as the standings see them before the round is paired."""

    id: int  # the player's id
    points: float  # event points so far
    rank: int  # 1 = top of the current standings (points, then the event's tie-breaks)
    opponents: frozenset[int]  # everyone they have shared a table with
    partners: frozenset[int] = frozenset()  # partners format: everyone they have partnered
    byes: int = 0
    seat_counts: tuple[int, ...] = ()  # how often they sat at seat 0, 1, ... so far
    first_dealer: int = 0  # how often they dealt first
    apart: frozenset[int] = frozenset()  # whom the director keeps them apart from (family, clubmates)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a table (or a bye) is what it is; the caller renders it to text (codes: the package doc)."""

    code: str
    players: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its players in seat order, its sides, its first dealer and why."""

    number: int  # 1-based; table 1 seats the top of the standings
    players: tuple[int, ...]  # in seat order
    sides: tuple[tuple[int, ...], ...]  # each side's players: two sides of two for partners, else one each
    dealer: int  # the seat index of the first dealer
    reasons: tuple[Reason, ...]


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's tables and byes, with the rematches it could not avoid."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    rematches: tuple[tuple[int, int], ...]  # each unavoidable rematch (or repeated partners), sorted ids
    bye_reasons: tuple[Reason, ...] = ()  # why each bye went where it did
    exact: bool = True  # False when neither the pods or partners search nor the exact model proved it best
