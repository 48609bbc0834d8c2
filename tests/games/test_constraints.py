"""A failed insert names the unique constraint it broke, on PostgreSQL and on SQLite alike."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games.matches.services.constraints import broken_constraint
from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record
from games.models import Challenge, Play
from tests.factories import make_personas

pytestmark = pytest.mark.django_db


def test_a_second_play_with_the_same_key_in_the_match_breaks_the_key_constraint() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    play = hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k")
    with pytest.raises(IntegrityError) as raised, transaction.atomic():
        Play.objects.create(
            hand=hand, match=people.match, seq=1, seat=0, card="6H", taken=[], idempotency_key="k"
        )
    assert broken_constraint(raised.value, Play) == "play_key_once_per_match"
    assert broken_constraint(raised.value, Challenge) != "challenge_key_once_per_match"
    assert play.row.idempotency_key == "k"


def test_another_unique_constraint_is_told_apart() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "5S"])
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    with pytest.raises(IntegrityError) as raised, transaction.atomic():
        Play.objects.create(hand=hand, match=people.match, seq=0, seat=0, card="6H", taken=[])
    assert broken_constraint(raised.value, Play) == "play_seq_once_per_hand"
