"""Properties of the ratings the service stores (``games.stats.services.ratings_refresh``): whatever the
order in which matches arrive, are corrected or are deleted, the stored snapshots equal a full replay of
the matches in time order (``games.stats.ratings.replay``), float for float.

Each example writes its matches as rows and refreshes the ratings as the follow-up task does, inside a
transaction rolled back at its end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from random import Random

import pytest
from django.db import transaction
from hypothesis import given, settings
from hypothesis import strategies as st
from pytest_django import DjangoAssertNumQueries

from games.models import Club, Match, Player, Seat, Side
from games.stats.models import RatingSnapshot
from games.stats.ratings import Snapshot, replay
from games.stats.results import MatchResult
from games.stats.selectors import finished_matches, results_of
from games.stats.services import ratings_refresh
from tests.factories import ClubFactory, PlayerFactory
from tests.stats.builders import EPOCH, result

pytestmark = pytest.mark.django_db

GAME = "tamlin"
Drawn = tuple[tuple[int, ...], tuple[int, ...], int]
"""A finished match as drawn: the seated players (indexes into six players), their totals, the minute."""

PLAYERS = st.lists(st.integers(0, 5), min_size=2, max_size=4, unique=True).map(tuple)
MATCHES = st.lists(
    PLAYERS.flatmap(
        lambda seated: st.tuples(
            st.just(seated),
            st.lists(st.integers(0, 30), min_size=len(seated), max_size=len(seated)).map(tuple),
            st.integers(0, 5),  # equal finishing times are ordered by id
        )
    ),
    min_size=1,
    max_size=6,
)
PROPERTY = settings(max_examples=20, deadline=None)


@contextmanager
def _rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


class Table:
    """A club with six players whose finished matches are written as rows and rated by the service."""

    def __init__(self) -> None:
        self.club: Club = ClubFactory.create()
        self.players: list[Player] = PlayerFactory.create_batch(6)
        self.results: dict[int, MatchResult] = {}

    def finish(self, drawn: Drawn) -> int:
        """Write a finished match, then refresh the ratings as its follow-up does; returns its id."""
        seated, totals, minute = drawn
        expected = result(0, [(self.players[i].pk,) for i in seated], totals, game=GAME, minute=minute)
        match = Match.objects.create(
            game=GAME,
            player_count=len(seated),
            club=self.club,
            created_by=self.club.created_by,
            status=Match.Status.FINISHED,
            finished_at=EPOCH + timedelta(minutes=minute),
            totals=list(totals),
            winner=expected.winner,
        )
        sides = Side.objects.bulk_create(Side(match=match, index=index) for index in range(len(seated)))
        Seat.objects.bulk_create(
            Seat(match=match, side=side, number=number, player=self.players[player])
            for number, (side, player) in enumerate(zip(sides, seated, strict=True))
        )
        self.results[match.pk] = result(
            match.pk, [side.players for side in expected.sides], totals, game=GAME, minute=minute
        )
        self.refresh(match.pk)
        return match.pk

    def refresh(self, match_id: int) -> None:
        ratings_refresh(club_id=self.club.pk, game=GAME, changed=[match_id])

    def stored(self) -> list[tuple[int, int, int, float, float]]:
        rows = RatingSnapshot.objects.filter(scope__club=self.club)
        rows = rows.order_by("finished_at", "match_ref", "player_id")
        return list(rows.values_list("match_ref", "player_id", "rank", "mu", "sigma"))

    def full_replay(self) -> list[tuple[int, int, int, float, float]]:
        return _rows(replay(self.results.values()))


def _rows(snapshots: Sequence[Snapshot]) -> list[tuple[int, int, int, float, float]]:
    ordered = sorted(snapshots, key=lambda s: (s.finished_at, s.match_id, s.player_id))
    return [(s.match_id, s.player_id, s.rank, s.rating.mu, s.rating.sigma) for s in ordered]


@PROPERTY
@given(MATCHES, st.randoms(use_true_random=False))
@pytest.mark.slow
def test_ratings_do_not_depend_on_the_order_the_matches_are_recorded_in(
    drawn: list[Drawn], rng: Random
) -> None:
    with _rolled_back():
        table = Table()
        for match in rng.sample(drawn, len(drawn)):
            table.finish(match)
        assert table.stored() == table.full_replay()


@pytest.mark.slow
@PROPERTY
@given(MATCHES)
def test_deleting_the_last_match_restores_the_previous_ratings_exactly(drawn: list[Drawn]) -> None:
    with _rolled_back():
        table = Table()
        for match in drawn:
            table.finish(match)
        last = max(table.results.values(), key=lambda found: found.key).match_id
        before = _rows(replay(found for pk, found in table.results.items() if pk != last))
        Match.objects.filter(pk=last).delete()
        del table.results[last]
        table.refresh(last)
        assert table.stored() == table.full_replay() == before


@pytest.mark.slow
@PROPERTY
@given(MATCHES, st.data())
def test_correcting_a_match_replays_from_its_place_like_a_full_replay(
    drawn: list[Drawn], data: st.DataObject
) -> None:
    with _rolled_back():
        table = Table()
        for match in drawn:
            table.finish(match)
        corrected = table.results[data.draw(st.sampled_from(sorted(table.results)))]
        totals = [side.total for side in reversed(corrected.sides)]
        flipped = result(
            corrected.match_id,
            [side.players for side in corrected.sides],
            totals,
            game=GAME,
            minute=corrected.finished_at.minute,
        )
        Match.objects.filter(pk=corrected.match_id).update(totals=totals, winner=flipped.winner)
        table.results[corrected.match_id] = flipped
        table.refresh(corrected.match_id)
        assert table.stored() == table.full_replay()


def test_each_match_is_read_with_its_players_in_one_statement(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """A match that finishes while the results are read is in them whole or not at all: were the seats
    read apart from the matches, one finished in between would be rated as sides of nobody."""
    table = Table()
    for drawn in (((0, 1), (11, 4), 1), ((2, 3, 4), (6, 9, 2), 2), ((5, 0), (3, 12), 2)):
        table.finish(drawn)
    with django_assert_num_queries(1):
        read = results_of(finished_matches(club_ids=[table.club.pk], game=GAME), hands=False)
    expected = sorted(table.results.values(), key=lambda found: found.key)
    assert [(found.match_id, found.players, found.winner) for found in read] == [
        (found.match_id, found.players, found.winner) for found in expected
    ]
