"""Round robin against the Berger tables as FIDE publishes them (Handbook C.05, Annex 1)."""

from __future__ import annotations

import pytest

from games.events.pairing import PairingInputError, berger_round, round_robin_rounds

# FIDE Handbook C.05 Annex 1, written out round by round: "a-b" means a has White (seat 0).
FIDE_BERGER = {
    4: [
        "1-4 2-3",
        "4-3 1-2",
        "2-4 3-1",
    ],
    6: [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
}


def _published(count: int, round_number: int) -> list[tuple[int, int]]:
    games = FIDE_BERGER[count][round_number - 1].split()
    return [(int(white), int(black)) for white, black in (game.split("-") for game in games)]


IDS = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110]  # entrant k is IDS[k - 1]


@pytest.mark.parametrize(
    ("count", "round_number"),
    [(count, r) for count, rounds in FIDE_BERGER.items() for r in range(1, len(rounds) + 1)],
)
def test_even_round_robin_is_the_fide_berger_table(count: int, round_number: int) -> None:
    pairing = berger_round(IDS[:count], round_number)
    expected = [(IDS[white - 1], IDS[black - 1]) for white, black in _published(count, round_number)]
    assert [table.players for table in pairing.tables] == expected
    assert [table.number for table in pairing.tables] == list(range(1, count // 2 + 1))
    assert all(
        table.dealer == 0 and table.sides == ((a,), (b,))
        for table in pairing.tables
        for a, b in [table.players]
    )
    assert pairing.byes == ()


@pytest.mark.parametrize(
    ("count", "round_number"), [(count - 1, r) for count in FIDE_BERGER for r in range(1, count)]
)
def test_odd_round_robin_gives_the_bye_to_whoever_meets_the_missing_number(
    count: int, round_number: int
) -> None:
    pairing = berger_round(IDS[:count], round_number)
    published = _published(count + 1, round_number)
    expected = [(IDS[w - 1], IDS[b - 1]) for w, b in published if count + 1 not in (w, b)]
    (bye,) = [IDS[min(w, b) - 1] for w, b in published if count + 1 in (w, b)]
    assert [table.players for table in pairing.tables] == expected
    assert pairing.byes == (bye,)


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8, 9, 10])
def test_round_robin_meets_everyone_exactly_once(count: int) -> None:
    rounds = round_robin_rounds(count)
    assert rounds == (count - 1 if count % 2 == 0 else count)
    pairs = [frozenset(t.players) for r in range(1, rounds + 1) for t in berger_round(IDS[:count], r).tables]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    byes = [bye for r in range(1, rounds + 1) for bye in berger_round(IDS[:count], r).byes]
    assert sorted(byes) == (sorted(IDS[:count]) if count % 2 else [])


@pytest.mark.parametrize("round_number", [0, 4])
def test_round_robin_refuses_a_round_outside_the_cycle(round_number: int) -> None:
    with pytest.raises(PairingInputError):
        berger_round(IDS[:4], round_number)
