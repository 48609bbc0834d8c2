"""hand_play_record: plays checked by the engine against the stored log, serialized by ``expected_seq``,
retried safely with an idempotency key. Every refusal leaves nothing written."""

from __future__ import annotations

import random

import pytest

from games.errors import HandNotOpen, HandOutOfSync, IdempotencyKeyReused, MatchNotInProgress
from games.matches.services.demo import random_play
from games.matches.services.hands import hand_close, hand_start, hand_summary_record
from games.matches.services.matches import match_abandon
from games.matches.services.plays import hand_play_record
from games.models import Hand, HandScore, Match, Play
from games.rules.errors import CaptureIllegal, CaptureNotOnTable, DuplicateCard, RuleViolation, WrongSeat
from games.rules.registry import find_game
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

TABLE = ["2C", "3D", "4H", "5S"]  # dealer 0, so seat 1 plays first (docs/rules/tablo.md B7)


@pytest.fixture
def hand() -> Hand:
    return hand_start(match=MatchFactory.create(game="tablo"), dealer=0, table=TABLE)


def test_a_legal_play_is_stored_with_the_hands_new_state(hand: Hand) -> None:
    recorded = hand_play_record(
        hand=hand, seat=1, card="5h", taken=["5S"], expected_seq=0, idempotency_key="k1"
    )
    assert (recorded.next_seq, recorded.replayed) == (1, False)
    assert [str(card) for card in recorded.report.table] == ["2C", "3D", "4H"]
    assert recorded.report.next_seat == 0
    play = Play.objects.get()
    assert (play.seq, play.seat, play.card, play.taken, play.idempotency_key) == (0, 1, "5H", ["5S"], "k1")
    hand.refresh_from_db()
    assert hand.next_seq == 1


def test_a_retry_with_the_same_key_returns_the_original_play(hand: Hand) -> None:
    first = hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    again = hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    assert again.replayed
    assert again.row.pk == first.row.pk
    assert Play.objects.count() == 1


def test_a_retry_after_another_play_still_returns_the_original(hand: Hand) -> None:
    first = hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    hand_play_record(hand=hand, seat=0, card="9C", expected_seq=1, idempotency_key="k2")
    again = hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    assert (again.row.pk, again.next_seq) == (first.row.pk, 2)
    assert Play.objects.count() == 2


def test_a_key_reused_for_a_different_play_is_refused(hand: Hand) -> None:
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    with pytest.raises(IdempotencyKeyReused) as caught:
        hand_play_record(hand=hand, seat=0, card="9C", expected_seq=1, idempotency_key="k1")
    assert caught.value.code == "idempotency.key_reused"
    assert Play.objects.count() == 1


def test_a_stale_expected_seq_is_out_of_sync_with_the_current_state(hand: Hand) -> None:
    hand_play_record(hand=hand, seat=1, card="5H", taken=["5S"], expected_seq=0)
    with pytest.raises(HandOutOfSync) as caught:
        hand_play_record(hand=hand, seat=1, card="6H", expected_seq=0)
    facts = caught.value.facts
    assert (facts["expected_seq"], facts["got"], facts["next_seat"]) == (1, 0, 0)
    assert facts["table"] == ["2C", "3D", "4H"]
    assert facts["last_play"] == {"seq": 0, "seat": 1, "card": "5H", "taken": ["5S"]}
    assert Play.objects.count() == 1


@pytest.mark.parametrize(
    ("seat", "card", "taken", "error"),
    [
        pytest.param(0, "5H", [], WrongSeat, id="A4-seat-after-dealer-plays-first"),
        pytest.param(1, "2C", [], DuplicateCard, id="A3-card-already-on-the-table"),
        pytest.param(1, "9H", ["2C", "3D"], CaptureIllegal, id="B8-groups-must-add-up"),
        pytest.param(1, "5H", ["5D"], CaptureNotOnTable, id="A3-taken-card-on-the-table"),
    ],
)
def test_an_illegal_play_raises_the_engines_violation_and_nothing_is_written(
    hand: Hand, seat: int, card: str, taken: list[str], error: type[RuleViolation]
) -> None:
    with pytest.raises(error):
        hand_play_record(hand=hand, seat=seat, card=card, taken=taken, expected_seq=0, idempotency_key="k")
    assert not Play.objects.exists()
    hand.refresh_from_db()
    assert hand.next_seq == 0


def test_no_play_on_an_abandoned_match(hand: Hand) -> None:
    match_abandon(match=hand.match)
    with pytest.raises(MatchNotInProgress):
        hand_play_record(hand=hand, seat=1, card="5H", expected_seq=0)
    assert not Play.objects.exists()


def test_no_play_on_a_closed_hand(hand: Hand) -> None:
    Hand.objects.filter(pk=hand.pk).update(closed_at="2025-01-01T00:00:00Z")
    with pytest.raises(HandNotOpen):
        hand_play_record(hand=hand, seat=1, card="5H", expected_seq=0)
    assert Match.objects.get().status == Match.Status.IN_PROGRESS


def test_a_key_from_an_earlier_hand_is_refused_and_nothing_is_written() -> None:
    import random

    from games.matches.services.demo import demo_hand_play

    match = MatchFactory.create(game="tablo")
    first = demo_hand_play(match=match, rng=random.Random(1))
    Play.objects.filter(hand=first, seq=0).update(idempotency_key="k1")
    hand = hand_start(match=match, table=TABLE)
    with pytest.raises(IdempotencyKeyReused):
        hand_play_record(hand=hand, seat=0, card="5H", taken=["5S"], expected_seq=0, idempotency_key="k1")
    assert not Play.objects.filter(hand=hand).exists()


def test_the_play_that_finishes_a_later_hand_counts_the_earlier_hands_tablos() -> None:
    """Tablo ``per_five`` (B9): side 0 had 4 tablos in hand 1, so its 5th, in hand 2, is a point. The
    plays in the middle of hand 2 read no earlier scores; the finishing one must, and its report is
    the score the close stores."""
    match = MatchFactory.create(game="tablo")
    first = hand_start(match=match, dealer=0, table=TABLE)
    tablos = [{"cards": 30, "point_cards": 12, "tablos": 4}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=first, entries=tablos)
    match.refresh_from_db()
    hand = hand_start(match=match, dealer=1, table=TABLE)
    recorded = hand_play_record(hand=hand, seat=0, card="KC", taken=TABLE, expected_seq=0)  # 2+3+4+5
    assert recorded.report.sides[0].sweeps == 1
    rng, seen = random.Random(6), {*TABLE, "KC"}
    while not recorded.report.complete:
        unseen = [card for card in find_game("tablo").deck if str(card) not in seen]
        table = [str(card) for card in recorded.report.table]
        card, taken = random_play("tablo", table, unseen, match.options, rng)
        seat = recorded.report.next_seat
        assert seat is not None
        recorded = hand_play_record(
            hand=hand, seat=seat, card=str(card), taken=taken, expected_seq=recorded.next_seq
        )
        seen.add(str(card))
    assert recorded.report.sides[0].points["tablo_points"] >= 1
    hand_close(hand=hand)
    stored = HandScore.objects.filter(hand=hand).order_by("side")
    assert [dict(side.points) for side in recorded.report.sides] == [score.points for score in stored]
