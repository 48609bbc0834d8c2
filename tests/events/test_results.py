"""Results that stay true (docs/events.md): a correction that changes a finished table, or makes its
match unfinished again, is shown with before and after and marks the rounds paired on the old
standings stale; no round is paired while any earlier table lacks a result; a director's result can be
withdrawn, keeps the match's game points, and two writes at once are told apart by the result's version."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.events import services
from games.events.errors import ResultNoOverride, ResultOutOfSync, RoundOpen
from games.events.models import Event, ResultOverride, Round, Table
from games.events.pairing import pair_round
from games.events.result_checks import results_check
from games.events.selectors import event_standings, result_version, round_list
from games.events.services import entry_add, round_pair, table_result_set, table_result_withdraw
from games.matches.services.hands import hand_correct, hand_start, hand_summary_record
from games.models import Hand, Match
from tests.events.helpers import Room, make_room, swiss

pytestmark = pytest.mark.django_db

# Tablo to 1 point: WIN ends the match 15-10 for side 0, LOSS 10-15 for side 1, EVEN (11-11) plays on.
WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
LOSS = [WIN[1], WIN[0]]
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def _night(players: int = 4) -> tuple[Room, Event]:
    room = make_room(players - 1)
    event = swiss(room, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    return room, event


def _tables(event: Event, number: int) -> list[Table]:
    played = next(each for each in round_list(event=event) if each.number == number)
    return list(played.tables.all())


def _finish(table: Table, sides: list[dict[str, int]]) -> Hand:
    return hand_summary_record(hand=hand_start(match=table.match, mode=Hand.Mode.SUMMARY), entries=sides)


def _round_played(room: Room, event: Event) -> list[Hand]:
    number = round_pair(event=event, by=room.director).number
    return [_finish(table, WIN) for table in _tables(event, number)]


def test_a_correction_after_the_next_round_is_shown_and_blocks_the_round_after() -> None:
    room, event = _night()
    first_hands = _round_played(room, event)
    _round_played(room, event)  # round 2, paired on round 1's results
    assert results_check(event=event) == results_check(event=event)
    assert (results_check(event=event).changed, results_check(event=event).stale) == ((), frozenset())
    hand_correct(hand=first_hands[0], summary=EVEN)  # round 1, table 1: its match is unfinished again
    assert Match.objects.get(pk=_tables(event, 1)[0].match_id).status == Match.Status.IN_PROGRESS
    check = results_check(event=event)
    assert (check.missing, check.stale) == (((1, 1),), frozenset({2}))
    (change,) = check.changed
    assert (change.round, change.table, change.paired, change.after) == (1, 1, 2, None)
    assert change.before == {"places": [0, 1], "scores": [15, 10], "kind": "match"}
    assert change.at is not None
    assert change.at > Round.objects.get(event=event, number=2).published_at
    with pytest.raises(RoundOpen) as raised:  # round 2 is complete; round 1 is not any more
        round_pair(event=event, by=room.director, draft=True)
    assert raised.value.facts == {"number": 1, "table": 1, "open": 1, "tables": [{"round": 1, "table": 1}]}
    hand_correct(hand=first_hands[0], summary=LOSS)  # now side 1 won it
    check = results_check(event=event)
    assert (check.missing, check.stale) == ((), frozenset({2}))
    assert check.changed[0].after == {"places": [1, 0], "scores": [10, 15], "kind": "match"}
    round_pair(event=event, by=room.director)  # round 3, paired on the corrected standings
    check = results_check(event=event)
    assert check.stale == frozenset({2})  # round 3 is not stale: it was paired on what counts now
    assert [(change.round, change.paired) for change in check.changed] == [(1, 2)]


def test_a_withdrawn_override_returns_the_table_to_its_match_and_stays_on_record() -> None:
    room, event = _night(2)
    (hand,) = _round_played(room, event)
    (table,) = _tables(event, 1)
    winner, loser = table.sides[0][0], table.sides[1][0]
    assert result_version(table) == 0
    table_result_set(table=table, by=room.director, winner=None, expected_version=0)  # a draw
    rows = {row.player: row for row in event_standings(event=event)}
    assert (rows[winner].points, rows[loser].points) == (1, 1)
    # the match's game points still count for points_diff (15-10), not 0/0
    assert (rows[winner].tiebreaks["points_diff"], rows[loser].tiebreaks["points_diff"]) == (5, -5)
    hand_correct(hand=hand, summary=LOSS)  # the match now says side 1 won; the director's draw stands
    rows = {row.player: row for row in event_standings(event=event)}
    assert (rows[winner].points, rows[winner].tiebreaks["points_diff"]) == (1, -5)
    withdrawn = table_result_withdraw(table=table, by=room.director, expected_version=1)
    rows = {row.player: row for row in event_standings(event=event)}
    assert (rows[winner].points, rows[loser].points) == (0, 3)  # the match's own result again
    assert (withdrawn.withdrawn_by, withdrawn.withdrawn_at is not None) == (room.director, True)
    assert ResultOverride.objects.filter(table=table).count() == 1  # the record stays
    (table,) = _tables(event, 1)
    assert result_version(table) == 2
    with pytest.raises(ResultNoOverride):
        table_result_withdraw(table=table, by=room.director)
    table_result_set(table=table, by=room.director, winner=0)
    assert ResultOverride.objects.filter(table=table).count() == 2
    assert result_version(_tables(event, 1)[0]) == 3


def test_a_bare_override_counts_no_game_points() -> None:
    room, event = _night(2)
    round_pair(event=event, by=room.director)
    (table,) = _tables(event, 1)
    table_result_set(table=table, by=room.director, winner=0)
    rows = {row.player: row for row in event_standings(event=event)}
    first = table.sides[0][0]
    assert (rows[first].points, rows[first].game_for, rows[first].game_against) == (3, 0, 0)


def test_a_write_sent_with_an_old_version_is_refused_with_the_current_result() -> None:
    room, event = _night(2)
    round_pair(event=event, by=room.director)
    (table,) = _tables(event, 1)
    table_result_set(table=table, by=room.director, winner=1, expected_version=0)
    with pytest.raises(ResultOutOfSync) as raised:
        table_result_set(table=table, by=room.director, winner=0, expected_version=0)
    facts = raised.value.facts
    assert (facts["version"], facts["got"]) == (1, 0)
    assert facts["result"] == {
        "places": [1, 0],
        "scores": [0, 0],  # the match recorded no hand
        "kind": "director",
        "winner": 1,
        "by": "director",
        "at": ResultOverride.objects.get().at,
    }
    with pytest.raises(ResultOutOfSync):
        table_result_withdraw(table=table, by=room.director, expected_version=0)
    assert ResultOverride.objects.get().withdrawn_at is None


def test_an_override_changed_after_the_next_round_marks_it_stale_until_withdrawn() -> None:
    room, event = _night()
    _round_played(room, event)
    round_pair(event=event, by=room.director)
    table = _tables(event, 1)[1]
    table_result_set(table=table, by=room.director, winner=1)
    check = results_check(event=event)
    assert check.stale == frozenset({2})
    assert (check.changed[0].before["kind"], check.changed[0].after["kind"]) == ("match", "director")  # type: ignore[index]
    table_result_withdraw(table=_tables(event, 1)[1], by=room.director)
    assert results_check(event=event) == results_check(event=event)
    assert (results_check(event=event).changed, results_check(event=event).stale) == ((), frozenset())


def test_a_round_stores_whether_its_pairing_was_proven_best(monkeypatch: pytest.MonkeyPatch) -> None:
    room, event = _night()
    planned = round_pair(event=event, by=room.director)
    assert planned.exact is True
    assert Round.objects.get(event=event).exact is True
    for hand_table in _tables(event, 1):
        _finish(hand_table, WIN)
    monkeypatch.setattr(
        services, "pair_round", lambda *args, **kwargs: replace(pair_round(*args, **kwargs), exact=False)
    )
    assert round_pair(event=event, by=room.director, draft=True).exact is False  # a search out of budget
    assert round_pair(event=event, by=room.director).exact is False
    assert Round.objects.get(event=event, number=2).exact is False
