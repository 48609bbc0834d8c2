"""The pairing core of club events: pure functions from the standings to the next round's tables.

No Django, no I/O, no clock and no ``random``: the same entrants, seed and round number always give
the same pairing (the seeded draw hashes its inputs, :func:`~games.events.pairing.field.tie`).

Objectives, in order (docs/events-pairing.md):

1. in an odd field, the bye goes to the lowest-ranked entrant without a bye, unless the others then
   cannot be paired without a rematch while another choice avoids one;
2. no rematch (no repeated partner in ``partners``), and no table for two players the director keeps
   apart, where any pairing avoids one;
3. the smallest sum over tables of the squared points differences;
4. first deals balanced over the event (every format chooses among equal pairings the tables that
   keep them even: ``field.Deals``), then at each table the one furthest behind deals and each
   player sits where they sat least (at a table of three or four, the dealer in seat 0);
5. a seeded draw among equals.

Reason codes (``Reason.code``; ``players`` as listed):

- ``equal_points`` (high, low): a Swiss table of two players on the same points;
- ``floated_down`` (high, low): a Swiss table across points, the first player floated down;
- ``alternative_rematch`` (a, b): a closer pairing for this table would have been the rematch a-b;
- ``rematch_unavoidable`` (a, b): a and b meet (or partner) again because no pairing avoids it;
- ``apart_unavoidable`` (a, b): a and b, kept apart by the director, share a table: no pairing avoids it;
- ``round_robin`` (white, black): the Berger table's pairing;
- ``pod`` (the players): a pod, grouped by points;
- ``new_partners`` (a, b, c, d): partners a-b against c-d, neither pair partnered before;
- ``points_spread`` (high, low): a pod or partners table spanning points from high's to low's, with
  ``alternative_rematch`` for each rematch (repeated partners) a closer table would have made;
- byes: ``bye_lowest`` (x): x is among the lowest-ranked without a bye; ``bye_to_avoid_rematch``
  (x, y): x sits out because a bye for y left a rematch; ``bye_again`` (x): x had a bye before;
  ``bye_round_robin`` (x): the Berger table's bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.events.pairing.berger import berger_round, round_robin_rounds
from games.events.pairing.field import PairingInputError
from games.events.pairing.groups import TimeLeft, pair_tables
from games.events.pairing.partners import PARTNERS
from games.events.pairing.pods import PODS
from games.events.pairing.sizes import POD_SIZES, pod_sizes, seated_sizes
from games.events.pairing.swiss import pair_swiss
from games.events.pairing.types import Entrant, Pairing, Reason, Table

FORMATS = ("swiss", "pods", "partners")

__all__ = [
    "FORMATS",
    "Entrant",
    "Pairing",
    "PairingInputError",
    "Reason",
    "Table",
    "berger_round",
    "pair_round",
    "pod_sizes",
    "round_robin_rounds",
]


def pair_round(
    fmt: str,
    entrants: Sequence[Entrant],
    *,
    seed: int,
    round_number: int,
    table_sizes: frozenset[int] = frozenset({2}),
    time_left: TimeLeft | None = None,
) -> Pairing:
    """The next round of ``entrants`` in format ``fmt`` ("swiss", "pods" or "partners").

    ``table_sizes`` are the player counts the game allows: Swiss needs 2, partners 4, and pods seat
    tables of 4 and 3 among them. Pods and partners that the search does not prove best go to the exact
    model while ``time_left()`` (when given) says seconds remain. Raises PairingInputError for an
    unknown format, a table size the game does not allow, or a repeated entrant.
    """
    if fmt == "swiss":
        _require(2 in table_sizes, fmt, table_sizes)
        return pair_swiss(entrants, seed=seed, round_number=round_number)
    if fmt == "pods":
        allowed = table_sizes & POD_SIZES
        _require(bool(allowed), fmt, table_sizes)
        sizes = seated_sizes(len(entrants), allowed)
        return pair_tables(PODS, entrants, sizes, seed=seed, round_number=round_number, time_left=time_left)
    if fmt == "partners":
        _require(4 in table_sizes, fmt, table_sizes)
        sizes = (4,) * (len(entrants) // 4)
        return pair_tables(
            PARTNERS, entrants, sizes, seed=seed, round_number=round_number, time_left=time_left
        )
    raise PairingInputError(f"Unknown pairing format {fmt!r}; expected one of {', '.join(FORMATS)}.")


def _require(allowed: bool, fmt: str, table_sizes: frozenset[int]) -> None:
    if not allowed:
        raise PairingInputError(f"The game's table sizes {sorted(table_sizes)} do not fit {fmt}.")
