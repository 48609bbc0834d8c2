"""The director's desk for results that changed: the tables without a result and the results changed
after a later round was paired (with before and after), the stale rounds, withdrawing a director's
result, and a result written meanwhile by someone else shown instead of overwritten."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.events.models import ResultOverride, Table
from games.events.services import round_pair, table_result_set
from games.matches.services.hands import hand_correct, hand_start, hand_summary_record
from games.models import Hand
from tests.web.test_events import Night, _client, entered, make_night

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def _two_rounds() -> tuple[Night, Hand]:
    """Four players to 1 point: round 1 played (each table won 15-10 by side 0), round 2 paired."""
    night = make_night(guests=3)
    night.event.options = {**night.event.options, "target": 1}
    night.event.save(update_fields=["options"])
    entered(night)
    round_pair(event=night.event, by=night.admin)
    hands = [
        hand_summary_record(hand=hand_start(match=table.match, mode=Hand.Mode.SUMMARY), entries=WIN)
        for table in Table.objects.filter(round__number=1).select_related("match").order_by("number")
    ]
    round_pair(event=night.event, by=night.admin)
    return night, hands[0]


def test_the_desk_shows_a_result_made_missing_after_the_next_round_and_the_stale_round() -> None:
    night, hand = _two_rounds()
    page = reverse("event", args=[night.event.pk])
    assert "result-checks" not in _client(night.admin).get(page).content.decode()
    hand_correct(hand=hand, summary=EVEN)  # round 1, table 1: the match goes on again
    shown = _client(night.admin).get(page).content.decode()
    assert 'id="result-checks"' in shown
    assert reverse("event-table-result", args=[night.event.pk, 1, 1]) in shown
    assert "won (15-10) → no result" in shown
    first = _client(night.admin).get(reverse("event-round", args=[night.event.pk, 1])).content.decode()
    assert "Changed after round 2 was paired:" in first  # round 1's tables, opened on demand
    assert "Round 2 was paired on standings that have changed since." in shown
    assert "result-checks" not in _client(night.member).get(page).content.decode()
    waiting = _client(night.admin).get(reverse("event-round-new", args=[night.event.pk]))
    assert waiting.status_code == 409
    text = waiting.content.decode()
    assert "the first table 1 of round 1" in text
    for table in (1, 2):  # round 1, table 1, and round 2's tables, still playing
        assert reverse("event-table-result", args=[night.event.pk, 2, table]) in text


def test_the_desk_reads_in_russian() -> None:
    night, hand = _two_rounds()
    hand_correct(hand=hand, summary=EVEN)
    client = _client(night.admin)
    shown = client.get(reverse("event", args=[night.event.pk]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Results to check" not in shown
    assert 'id="result-checks"' in shown


def test_the_director_withdraws_a_result_and_the_match_counts_again() -> None:
    night, _ = _two_rounds()
    table = Table.objects.get(round__number=1, number=2)
    table_result_set(table=table, by=night.admin, winner=None)
    url = reverse("event-table-result", args=[night.event.pk, 1, 2])
    withdraw = reverse("event-table-result-withdraw", args=[night.event.pk, 1, 2])
    form = _client(night.admin).get(url).content.decode()
    assert withdraw in form
    assert 'name="version" value="1"' in form
    assert _client(night.member).post(withdraw, {"version": "1"}).status_code == 403
    assert _client(night.outsider).post(withdraw, {"version": "1"}).status_code == 404
    assert ResultOverride.objects.get().withdrawn_at is None
    answer = _client(night.admin).post(withdraw, {"version": "1"})
    assert answer.status_code == 302
    assert ResultOverride.objects.get().withdrawn_by == night.admin
    form = _client(night.admin).get(url).content.decode()
    assert withdraw not in form
    assert "from the match" in form
    again = _client(night.admin).post(withdraw, {"version": "2"})
    assert again.status_code == 422
    assert "has no director&#x27;s result to withdraw" in again.content.decode()


def test_a_result_written_meanwhile_is_shown_instead_of_overwritten() -> None:
    night, _ = _two_rounds()
    table = Table.objects.get(round__number=2, number=1)
    url = reverse("event-table-result", args=[night.event.pk, 2, 1])
    assert 'name="version" value="0"' in _client(night.admin).get(url).content.decode()
    table_result_set(table=table, by=night.admin, winner=1)  # another director, first
    refused = _client(night.admin).post(url, {"result": "win-0", "version": "0"})
    assert refused.status_code == 422
    text = refused.content.decode()
    assert "was changed since you saw it" in text
    assert 'name="version" value="1"' in text
    assert ResultOverride.objects.get().winner == 1


def test_the_draft_of_the_next_round_warns_of_a_changed_result_and_the_stale_round() -> None:
    night, hand = _two_rounds()
    for table in Table.objects.filter(round__number=2).select_related("match"):
        hand_summary_record(hand=hand_start(match=table.match, mode=Hand.Mode.SUMMARY), entries=WIN)
    url = reverse("event-round-new", args=[night.event.pk])
    assert 'id="result-checks"' not in _client(night.admin).get(url).content.decode()
    hand_correct(hand=hand, summary=[WIN[1], WIN[0]])  # round 1, table 1: now side 1 won
    draft = _client(night.admin).get(url)
    assert draft.status_code == 200
    text = draft.content.decode()
    assert 'id="result-checks"' in text
    assert "won (15-10) → " in text
    assert "won (10-15)" in text
    assert "Round 2 was paired on standings that have changed since." in text
