"""On PostgreSQL with a real Celery worker on Redis: closing a hand stores its review through the same
follow-up task as the standings."""

from __future__ import annotations

import random

import pytest

from games.matches.services.demo import demo_hand_play
from games.stats.models import HandReviewSeat
from tests.factories import MatchFactory
from tests.stats.conftest import ClubWorld
from tests.stats.test_worker import drained, worker

pytestmark = [pytest.mark.postgres, pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_a_closed_hand_is_reviewed_by_the_worker(world: ClubWorld) -> None:
    match = MatchFactory.create(
        game="tablo", players=[world.ana, world.bo], club=world.club, created_by=world.owner, options={}
    )
    with worker():
        demo_hand_play(match=match, rng=random.Random(3))
        drained()
    rows = HandReviewSeat.objects.filter(hand__match=match).order_by("seat")
    assert [(row.seat, row.plays) for row in rows] == [(0, 24), (1, 24)]
    assert all(0 <= row.best_plays <= row.plays for row in rows)
