"""Capture search timings for ``make bench`` (the goals of README.md, Performance), against the naive
reference in the same run.

Tables are Tablo tables (B4 values, B3 points) dealt with a fixed seed. Each figure is the time of
one call; every call is repeated and the fastest repeat kept, which filters out a busy machine, and
the median of the cold first calls is shown next to it (caches warmed by the repeats flatter them).
The naive reference (``tests/rules/reference.py``) tries every subset and every split: it needs
about a second for a 12-card table and a minute for 16, so it runs on the small tables only.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from functools import partial
from time import perf_counter

from games.rules.capture.search import MANY_GROUPS, Board, find_grouping, legal_captures
from games.rules.cards import Card, deck
from games.rules.tablo import capture_values
from games.rules.tablo_scoring import card_points
from tests.rules.reference import reference_captures, reference_is_legal

SEED = 3
TABLES = {4: 300, 8: 300, 12: 300, 16: 200, 20: 60}  # random tables per size
REFERENCE_TABLES = {4: 300, 8: 100, 12: 12}  # how many of them the reference also answers
REPEATS = 3
ALL = 10**9  # "every capture" as a limit
API_LIMIT = 200  # the most the captures API lists

Table = tuple[Board, tuple[int, ...]]


def board_of(cards: Sequence[Card]) -> Board:
    return Board(tuple(capture_values(card) for card in cards), tuple(map(card_points, cards)))


def random_tables(size: int, count: int, rng: random.Random) -> list[Table]:
    tables = []
    for _ in range(count):
        played, *table = rng.sample(deck(), size + 1)
        tables.append((board_of(table), capture_values(played)))
    return tables


def timings(action: Callable[[], object]) -> tuple[float, float]:
    """Milliseconds of the first call (cold: nothing of it computed before) and of the fastest of
    ``REPEATS`` calls (the first included), which filters out a busy machine but flatters caches."""
    times = []
    for _ in range(REPEATS):
        start = perf_counter()
        action()
        times.append(perf_counter() - start)
    return times[0] * 1000, min(times) * 1000


def timed(action: Callable[[], object]) -> float:
    """Milliseconds of the fastest of ``REPEATS`` calls."""
    return timings(action)[1]


def cold_note(pairs: Sequence[tuple[float, float]], digits: int = 3) -> str:
    """The median of the cold first calls next to the median of the best of ``REPEATS``."""
    cold, best = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
    return f"cold first call {cold:.{digits}f} ms, best of {REPEATS} {best:.{digits}f} ms"


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def goal(value: float, limit: float) -> str:
    return f"(goal < {limit:g} ms: {'met' if value < limit else 'MISSED'})"


def claimed(table: Table, rng: random.Random) -> tuple[int, ...]:
    """A capture to verify: a legal one when there is one, else any two cards."""
    board, played = table
    found = legal_captures(board, played, limit=50).captures
    if found:
        return rng.choice(found).taken
    return tuple(range(min(2, len(board.values))))


def random_figures() -> None:
    rng = random.Random(SEED)
    print("random tables: median and 99th percentile of one call, in ms; 'ref' is the naive reference")
    head = ("cards", "verify", "ref", "ratio", "enumerate", "p99", "ref", "ratio")
    print("  {:>5} {:>9} {:>9} {:>7}   {:>9} {:>8} {:>9} {:>7}".format(*head))
    for size, count in TABLES.items():
        tables = random_tables(size, count, rng)
        claims = [claimed(table, rng) for table in tables]
        verify_pairs = [
            timings(partial(find_grouping, t[0], t[1], c)) for t, c in zip(tables, claims, strict=True)
        ]
        listing_pairs = [timings(partial(legal_captures, t[0], t[1], limit=ALL)) for t in tables]
        verify, listing = [p[1] for p in verify_pairs], [p[1] for p in listing_pairs]
        checked = REFERENCE_TABLES.get(size, 0)
        row = f"  {size:>5} {statistics.median(verify):9.4f}"
        if checked:
            sample = list(zip(tables, claims, strict=True))[:checked]
            ref_verify = [timed(partial(reference_is_legal, t[0], t[1], c, MANY_GROUPS)) for t, c in sample]
            ref_list = [_reference_listing(t) for t, _ in sample]
            ref_v, ours_v = statistics.median(ref_verify), statistics.median(verify[:checked])
            ref_l, ours_l = statistics.median(ref_list), statistics.median(listing[:checked])
            row += f" {ref_v:9.4f} {ref_v / ours_v:6.0f}x"
            tail = f" {ref_l:9.2f} {ref_l / ours_l:6.0f}x"
        else:
            row += f" {'-':>9} {'-':>7}"
            tail = f" {'-':>9} {'-':>7}"
        print(f"{row}   {statistics.median(listing):9.3f} {percentile(listing, 0.99):8.2f}{tail}")
        print(f"        medians: verify {cold_note(verify_pairs, 4)}; enumerate {cold_note(listing_pairs)}")
        _goals(size, verify, listing)


def _reference_listing(table: Table) -> float:
    """The reference's time (one call: it is slow enough to measure once), checked against ours."""
    board, played = table
    start = perf_counter()
    expected = reference_captures(board, played, MANY_GROUPS)
    elapsed = (perf_counter() - start) * 1000
    ours = {frozenset(found.taken) for found in legal_captures(board, played, limit=ALL).captures}
    assert ours == expected, "the capture search disagrees with the reference"
    return elapsed


def _goals(size: int, verify: list[float], listing: list[float]) -> None:
    if size == 12:
        checking, listing_median = statistics.median(verify), statistics.median(listing)
        print(f"        verify median {checking:.4f} ms {goal(checking, 0.05)}")
        print(f"        enumerate median {listing_median:.3f} ms {goal(listing_median, 0.1)}")
    if size == 16:
        print(
            f"        enumerate p99 {percentile(listing, 0.99):.2f} ms {goal(percentile(listing, 0.99), 20)}"
        )


ADVERSARIAL = {
    "worst 12: A A A A 2 2 2 2 3 3 3 3, a King": ("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C", "KS"),
    "16 small: A-4 of each suit, a King": ("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C", "KS"),
    "20 small: A-5 of each suit, a Queen": (
        "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C",
        "QS",
    ),
}


def adversarial_figures() -> None:
    print("adversarial tables")
    for label, (text, card) in ADVERSARIAL.items():
        table = [Card.parse(each) for each in text.split()]
        board, played = board_of(table), capture_values(Card.parse(card))
        every_cold, every = timings(partial(legal_captures, board, played, limit=ALL))
        api_cold, api = timings(partial(legal_captures, board, played, limit=API_LIMIT))
        found = legal_captures(board, played, limit=API_LIMIT)
        print(
            f"  {label:<44} every {every:7.2f} ms  best {API_LIMIT} {api:6.2f} ms"
            f"  count {found.count}{'' if found.complete else '+'}"
        )
        print(f"        cold first calls: every {every_cold:.2f} ms, best {API_LIMIT} {api_cold:.2f} ms")
        if label.startswith("worst 12"):
            print(f"        {goal(every, 3)}")


def full_table_figures() -> None:
    print(f"51 cards on the table (the pack but one), every card played, best {API_LIMIT} listed")
    pairs, unproven = [], 0
    pack = deck()
    for missing in pack:
        board = board_of([card for card in pack if card != missing])
        played = capture_values(missing)
        pairs.append(timings(partial(legal_captures, board, played, limit=API_LIMIT)))
        unproven += not legal_captures(board, played, limit=API_LIMIT).exact
    times = [best for _, best in pairs]
    slowest = max(times)
    print(f"  52 tables: median {statistics.median(times):.1f} ms, max {slowest:.1f} ms {goal(slowest, 50)};")
    print(f"  the best {API_LIMIT} proven exact on {len(times) - unproven} of {len(times)} tables")
    print(f"  medians: {cold_note(pairs, 1)}")


def main() -> None:
    random_figures()
    adversarial_figures()
    full_table_figures()


if __name__ == "__main__":
    main()
