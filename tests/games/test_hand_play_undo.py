"""hand_play_undo: the last play is taken back (kept, marked undone) and its number is free again."""

from __future__ import annotations

import pytest

from games.errors import HandOutOfSync, NothingToUndo
from games.matches.services.hands import hand_start
from games.matches.services.plays import hand_play_record, hand_play_undo
from games.models import Hand, Play
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand() -> Hand:
    return hand_start(match=MatchFactory.create(game="tablo"), dealer=0, table=["2C", "3D", "4H", "5S"])


def test_undo_takes_back_the_last_play_and_its_number_is_reused(hand: Hand) -> None:
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    hand_play_record(hand=hand, seat=0, card="9C", expected_seq=1)
    undone = hand_play_undo(hand=hand, expected_seq=2)
    assert (undone.row.card, undone.next_seq, undone.report.next_seat) == ("9C", 1, 0)
    assert [str(card) for card in undone.report.table] == ["2C", "3D", "4H"]
    again = hand_play_record(hand=hand, seat=0, card="4D", taken=["4H"], expected_seq=1)
    assert again.next_seq == 2
    assert list(Play.objects.filter(undone_at__isnull=True).values_list("card", flat=True)) == ["5H", "4D"]
    assert Play.objects.filter(undone_at__isnull=False).get().card == "9C"


def test_a_stale_undo_is_out_of_sync(hand: Hand) -> None:
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    hand_play_undo(hand=hand, expected_seq=1)
    with pytest.raises(HandOutOfSync):
        hand_play_undo(hand=hand, expected_seq=1)  # a retried undo must not take back a second play
    assert Play.objects.filter(undone_at__isnull=True).count() == 0


def test_there_is_nothing_to_undo_before_the_first_play(hand: Hand) -> None:
    with pytest.raises(NothingToUndo):
        hand_play_undo(hand=hand, expected_seq=0)
