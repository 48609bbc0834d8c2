"""A deliberately naive pairer: every seating of a small field, scored by the objectives written out
again without the pairing core (docs/events-pairing.md). The oracle for the pairing tests.

Exponential: keep fields to 10 entrants.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from games.events.pairing import Entrant

Seating = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]  # (tables of ids, byes)


def seatings(ids: Sequence[int], sizes: Sequence[int]) -> Iterator[Seating]:
    """Every way to seat ``ids`` at tables of ``sizes`` (unordered), the rest sitting out."""
    byes = len(ids) - sum(sizes)
    for out in combinations(ids, byes):
        rest = [key for key in ids if key not in out]
        for tables in _partitions(rest, sorted(sizes)):
            yield tables, out


def _partitions(ids: list[int], sizes: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not ids:
        yield ()
        return
    first, rest = ids[0], ids[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [key for key in rest if key not in mates]
            for tail in _partitions(others, left):
                yield ((first, *mates), *tail)


def met(a: Entrant, b: Entrant) -> bool:
    return a.id in b.opponents or b.id in a.opponents


def partnered(a: Entrant, b: Entrant) -> bool:
    return a.id in b.partners or b.id in a.partners


def apart(a: Entrant, b: Entrant) -> bool:
    return a.id in b.apart or b.id in a.apart


def repeats(fmt: str, table: Sequence[Entrant]) -> int:
    """Rematches at a table (a pair kept apart counts as one); for partners, the repeated partners of
    its best split into sides, and each pair kept apart at the table."""
    if fmt != "partners":
        return sum(met(a, b) or apart(a, b) for a, b in combinations(table, 2))
    a, b, c, d = table
    return sum(apart(x, y) for x, y in combinations(table, 2)) + min(
        partnered(x, y) + partnered(z, w)
        for (x, y), (z, w) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))
    )


def squares(table: Sequence[Entrant]) -> float:
    return sum((a.points - b.points) ** 2 for a, b in combinations(table, 2))


def bye_places(field: Sequence[Entrant]) -> dict[int, int]:
    """Each entrant's place in the bye order: fewest byes, then the lowest-ranked, first."""
    ordered = sorted(field, key=lambda e: (e.byes, -e.rank))
    return {e.id: place for place, e in enumerate(ordered)}


def score(fmt: str, field: Sequence[Entrant], seating: Seating) -> tuple[int, int, float]:
    """(rematches, the byes' places summed, squares) of one seating."""
    by_id = {e.id: e for e in field}
    tables, out = seating
    places = bye_places(field)
    chairs = [[by_id[key] for key in table] for table in tables]
    return (
        sum(repeats(fmt, table) for table in chairs),
        sum(places[key] for key in out),
        sum(squares(table) for table in chairs),
    )


def best_score(fmt: str, field: Sequence[Entrant], sizes: Sequence[int]) -> tuple[int, int, float]:
    """The objectives in order: with a bye, the best bye among those pairing the rest without a
    rematch, if there is one; else the best bye, then the fewest rematches; then the least squares."""
    scores = [score(fmt, field, s) for s in seatings([e.id for e in field], sizes)]
    clean = [s for s in scores if s[0] == 0]
    if clean or len(field) == sum(sizes):
        return min(scores)
    return min(scores, key=lambda s: (s[1], s[0], s[2]))
