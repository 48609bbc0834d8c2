"""Hypothesis fields for the pairing tests: small standings with a history of tables and byes."""

from __future__ import annotations

from itertools import combinations

from hypothesis import strategies as st

from games.events.pairing import Entrant


@st.composite
def fields(
    draw: st.DrawFn, low: int, high: int, with_partners: bool = False, with_apart: bool = False
) -> list[Entrant]:
    """Between ``low`` and ``high`` entrants, ranked by points, with random opponents and partners (and
    pairs kept apart)."""
    count = draw(st.integers(low, high))
    ids = draw(st.lists(st.integers(0, 500), min_size=count, max_size=count, unique=True))
    points = draw(st.lists(st.sampled_from([0, 0.5, 1, 2, 3, 4, 6]), min_size=count, max_size=count))
    chance = draw(st.sampled_from([0.0, 0.3, 0.6, 0.9]))
    pairs = list(combinations(ids, 2))
    flags = draw(st.lists(st.floats(0, 1), min_size=len(pairs), max_size=len(pairs)))
    met = [pair for pair, flag in zip(pairs, flags, strict=True) if flag < chance]
    partnered = [pair for pair, flag in zip(pairs, flags, strict=True) if with_partners and flag < chance / 2]
    order = sorted(range(count), key=lambda i: (-points[i], draw(st.integers(0, 99))))
    rank = {ids[i]: r for r, i in enumerate(order, start=1)}
    byes = draw(st.lists(st.integers(0, 1), min_size=count, max_size=count))
    seats = draw(st.lists(st.tuples(*[st.integers(0, 2)] * 4), min_size=count, max_size=count))
    dealt = draw(st.lists(st.integers(0, 2), min_size=count, max_size=count))
    apart = draw(st.lists(st.sampled_from(pairs), max_size=3)) if with_apart and pairs else []
    return [
        Entrant(
            id=key,
            points=points[i],
            rank=rank[key],
            opponents=frozenset(b if a == key else a for a, b in met if key in (a, b)),
            partners=frozenset(b if a == key else a for a, b in partnered if key in (a, b)),
            byes=byes[i],
            seat_counts=seats[i],
            first_dealer=dealt[i],
            apart=frozenset(b if a == key else a for a, b in apart if key in (a, b)),
        )
        for i, key in enumerate(ids)
    ]
