"""Round robin by the Berger tables (FIDE Handbook C.05, Annex 1).

Entrant ``k`` (1-based) is ``ids[k - 1]``. With an even count ``n``, round 1 seats ``k`` against
``n + 1 - k``; each later round adds ``n / 2`` to every number but ``n`` (modulo ``n - 1``, in
``1..n-1``), and ``n`` alternates between the second seat (odd rounds) and the first (even rounds) of
table 1. An odd count plays the table of ``n + 1``, and whoever meets ``n + 1`` has the bye. The first
named player sits in seat 0 and deals first, as White moves first in the FIDE tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.events.pairing.field import PairingInputError
from games.events.pairing.types import Pairing, Reason, Table


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` entrants takes: n - 1 when n is even, else n."""
    return 0 if count < 2 else count - 1 if count % 2 == 0 else count


def berger_numbers(count: int, round_number: int) -> tuple[tuple[int, int], ...]:
    """Round ``round_number`` of the Berger table for ``count`` numbers (even), table by table.

    >>> berger_numbers(6, 2)
    ((6, 4), (5, 3), (1, 2))
    """
    half, cycle = count // 2, count - 1

    def moved(number: int) -> int:
        return (number - 1 + (round_number - 1) * half) % cycle + 1

    first = (moved(1), count) if round_number % 2 else (count, moved(1))
    return (first, *((moved(k), moved(count + 1 - k)) for k in range(2, half + 1)))


def berger_round(ids: Sequence[int], round_number: int) -> Pairing:
    """Round ``round_number`` of the round robin of ``ids`` (an odd count gives one bye a round).

    Raises PairingInputError for a round outside ``1..round_robin_rounds(len(ids))`` or repeated ids.
    """
    if len(set(ids)) != len(ids):
        raise PairingInputError("The round robin's entrants repeat an id.")
    rounds = round_robin_rounds(len(ids))
    if not 1 <= round_number <= rounds:
        raise PairingInputError(f"A round robin of {len(ids)} has rounds 1 to {rounds}, not {round_number}.")
    count = len(ids) + len(ids) % 2
    tables: list[Table] = []
    byes: list[int] = []
    for white, black in berger_numbers(count, round_number):
        if max(white, black) > len(ids):
            byes.append(ids[min(white, black) - 1])
            continue
        players = (ids[white - 1], ids[black - 1])
        tables.append(
            Table(
                number=len(tables) + 1,
                players=players,
                sides=((players[0],), (players[1],)),
                dealer=0,
                reasons=(Reason("round_robin", players),),
            )
        )
    return Pairing(
        tables=tuple(tables),
        byes=tuple(byes),
        rematches=(),
        bye_reasons=tuple(Reason("bye_round_robin", (bye,)) for bye in byes),
    )
