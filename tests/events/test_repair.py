"""Repairing a round (docs/events.md): withdraw the last round before any table starts, swap two
players of unstarted tables (or a table and a bye), pair the unstarted tables again keeping the
started ones, bring a dropped player back; each refused with its own code, recorded with who and when."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from games.events.errors import (
    EntryNotDropped,
    EventFinished,
    RoundCannotRepair,
    RoundFixedSchedule,
    RoundNothingToRepair,
    RoundNotLast,
    RoundRepairTooLarge,
    RoundStarted,
    SwapNoChange,
    SwapNotInRound,
)
from games.events.models import Bye, Entry, Event, Round, Table
from games.events.pairing import PairingInputError
from games.events.repair import entry_return, round_repair, round_swap, round_withdraw
from games.events.result_checks import results_check
from games.events.selectors import event_version, round_list
from games.events.services import (
    entry_add,
    entry_drop,
    event_create,
    round_pair,
    table_result_set,
)
from games.matches.services.hands import hand_correct, hand_start, hand_summary_record
from games.models import AuditEntry, Hand, Match
from tests.events.helpers import Room, make_room, swiss

pytestmark = pytest.mark.django_db

# Tablo to 1 point: WIN ends the match 15-10 for side 0; EVEN (11-11) plays on.
WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def _night(players: int = 4, rounds: int = 4) -> tuple[Room, Event]:
    room = make_room(players - 1)
    event = swiss(room, rounds=rounds, options={"target": 1})
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    return room, event


def _tables(event: Event, number: int) -> list[Table]:
    played = next(each for each in round_list(event=event) if each.number == number)
    return list(played.tables.all())


def _finish(table: Table, sides: list[dict[str, int]] = WIN) -> Hand:
    return hand_summary_record(hand=hand_start(match=table.match, mode=Hand.Mode.SUMMARY), entries=sides)


def _version(event: Event) -> int:
    return Event.objects.get(pk=event.pk).version


def _recorded(action: str) -> tuple[Any, Any, Any]:
    """Who, before and after, of the one audit entry of ``action``."""
    (entry,) = AuditEntry.objects.filter(action=action)
    return entry.by, entry.before, entry.after


def test_the_last_round_is_withdrawn_with_its_matches_while_no_table_has_started() -> None:
    room, event = _night(5)
    round_pair(event=event, by=room.director)
    for table in _tables(event, 1):
        _finish(table)
    second = round_pair(event=event, by=room.director)
    matches = [table.match for table in second.tables if table.match is not None]
    version = _version(event)
    withdrawn = round_withdraw(event=event, number=2, by=room.director)
    assert withdrawn.matches == tuple(matches)
    assert not Round.objects.filter(event=event, number=2).exists()
    assert not Match.objects.filter(pk__in=matches).exists()
    assert Bye.objects.filter(round__event=event).count() == 1  # round 1's stays
    assert _version(event) > version
    by, before, after = _recorded("round.withdrawn")
    assert (by, before["number"], after) == (room.director, 2, {"entries_moved": []})
    assert round_pair(event=event, by=room.director).number == 2  # paired again, as before
    assert results_check(event=event).stale == frozenset()


def test_a_round_with_a_hand_or_followed_by_another_is_not_withdrawn() -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)
    first, second = _tables(event, 1)
    hand_start(match=second.match, mode=Hand.Mode.SUMMARY)  # an open hand is a start
    with pytest.raises(RoundStarted) as refused:
        round_withdraw(event=event, number=1, by=room.director)
    assert (refused.value.code, refused.value.facts["table"]) == ("round.started", second.number)
    _finish(first)
    hand_summary_record(hand=second.match.hands.get(), entries=WIN)
    round_pair(event=event, by=room.director)
    with pytest.raises(RoundNotLast):
        round_withdraw(event=event, number=1, by=room.director)
    with pytest.raises(Round.DoesNotExist):
        round_withdraw(event=event, number=9, by=room.director)


def test_a_director_result_on_an_unplayed_table_counts_as_a_start() -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)
    table_result_set(table=_tables(event, 1)[0], by=room.director, winner=0)
    with pytest.raises(RoundStarted):
        round_withdraw(event=event, number=1, by=room.director)


def test_entries_and_drops_made_while_the_round_was_out_count_from_it_again() -> None:
    room, event = _night(4, rounds=4)
    round_pair(event=event, by=room.director)
    late = entry_add(event=event, by=room.director, name="Latecomer")
    entry_drop(event=event, player_id=room.guests[0].pk, by=room.director)
    withdrawn = round_withdraw(event=event, number=1, by=room.director)
    assert set(withdrawn.entries) == {late.player_id, room.guests[0].pk}
    again = round_pair(event=event, by=room.director)
    seated = {player for table in again.tables for player in table.players} | set(again.byes)
    assert late.player_id in seated
    assert room.guests[0].pk not in seated


def test_two_players_of_unplayed_tables_swap_seats_and_a_rematch_is_named() -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)
    met = [table.players for table in _tables(event, 1)]
    for table in _tables(event, 1):
        _finish(table)
    round_pair(event=event, by=room.director)
    one, two = _tables(event, 2)
    first = one.players[1]
    (second,) = next(set(pair) - {one.players[0]} for pair in met if one.players[0] in pair)
    version = _version(event)
    repaired = round_swap(event=event, number=2, players=[first, second], by=room.director)
    one, two = _tables(event, 2)
    assert second in one.players
    assert first in two.players
    assert [seat.player_id for seat in one.match.seats.order_by("number")] == one.players
    assert [seat.player_id for seat in two.match.seats.order_by("number")] == two.players
    assert {frozenset(pair) for pair in repaired.new_rematches} == {frozenset(pair) for pair in met}
    assert {frozenset(pair) for pair in Round.objects.get(event=event, number=2).rematches} == {
        frozenset(pair) for pair in met
    }
    assert one.reasons[0] == {"code": "director_swap", "players": [first, second]}
    assert any(reason["code"] == "director_rematch" for reason in one.reasons)
    assert _version(event) > version
    by, _, after = _recorded("round.players_swapped")
    assert by == room.director
    assert len(after["rematches"]) == 2


def test_a_player_swaps_with_the_bye() -> None:
    room, event = _night(5)
    planned = round_pair(event=event, by=room.director)
    (bye,) = planned.byes
    seated = planned.tables[0].players[0]
    round_swap(event=event, number=1, players=[bye, seated], by=room.director)
    played = Round.objects.get(event=event, number=1)
    assert list(played.byes.values_list("player_id", flat=True)) == [seated]
    assert bye in _tables(event, 1)[0].players
    assert played.bye_reasons[-1] == {"code": "director_swap", "players": [bye, seated]}


def test_a_swap_that_changes_nothing_or_touches_a_started_table_is_refused() -> None:
    room, event = _night(5)
    planned = round_pair(event=event, by=room.director)
    table = planned.tables[0]
    with pytest.raises(SwapNoChange):
        round_swap(event=event, number=1, players=list(table.players), by=room.director)
    with pytest.raises(SwapNoChange):
        round_swap(event=event, number=1, players=[table.players[0]] * 2, by=room.director)
    outsider = entry_add(event=event, by=room.director, name="Latecomer").player_id
    with pytest.raises(SwapNotInRound):
        round_swap(event=event, number=1, players=[outsider, table.players[0]], by=room.director)
    hand_start(match=_tables(event, 1)[0].match, mode=Hand.Mode.SUMMARY)
    other = planned.tables[1].players[0]
    with pytest.raises(RoundStarted):
        round_swap(event=event, number=1, players=[table.players[0], other], by=room.director)


def test_partners_of_one_table_swap_across_sides_but_not_within_one() -> None:
    room = make_room(7)
    event = swiss(room, format="partners")
    for player in [room.member_player, *room.guests]:
        entry_add(event=event, by=room.director, player=player)
    round_pair(event=event, by=room.director)
    table = _tables(event, 1)[0]
    (a, b), (c, d) = table.sides
    with pytest.raises(SwapNoChange):
        round_swap(event=event, number=1, players=[a, b], by=room.director)
    round_swap(event=event, number=1, players=[b, c], by=room.director)
    table = _tables(event, 1)[0]
    assert table.sides == [[a, c], [b, d]]
    seats = table.match.seats.order_by("number").values_list("player_id", "side__index")
    assert [(player, side) for player, side in seats] == [(a, 0), (b, 1), (c, 0), (d, 1)]


def test_repair_pairs_the_unplayed_tables_again_and_keeps_the_played_ones() -> None:
    room, event = _night(8)
    round_pair(event=event, by=room.director)
    hands = [_finish(table) for table in _tables(event, 1)]
    round_pair(event=event, by=room.director)
    before = _tables(event, 2)
    played = before[0]
    _finish(played)
    hand_correct(hand=hands[1], summary=list(reversed(WIN)))  # round 1's result changes: round 2 is stale
    assert results_check(event=event).stale == frozenset({2})
    repaired = round_repair(event=event, number=2, by=room.director)
    after = _tables(event, 2)
    assert repaired.kept == (played.number,)
    assert [table.number for table in after] == [table.number for table in before]
    assert after[0].match_id == played.match_id
    assert not Match.objects.filter(pk__in=[table.match_id for table in before[1:]]).exists()
    seated = sorted(player for table in after[1:] for player in table.players)
    assert seated == sorted(player for table in before[1:] for player in table.players)
    assert all(table.match.seats.count() == 2 for table in after)
    assert len({table.code for table in after}) == len(after)  # a new table gets its own code, as published
    check = results_check(event=event)
    assert check.stale == frozenset()
    assert check.change_of(1, hands[1].match.event_table.number) is not None
    assert _recorded("round.repaired")[2]["kept"] == [played.number]


def test_repair_is_refused_when_every_table_started_and_for_a_round_robin() -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)
    for table in _tables(event, 1):
        hand_start(match=table.match, mode=Hand.Mode.SUMMARY)
    with pytest.raises(RoundNothingToRepair):
        round_repair(event=event, number=1, by=room.director)
    robin = event_create(club=room.club, by=room.director, name="RR", game="tablo", format="round_robin")
    for player in room.guests:
        entry_add(event=robin, by=room.director, player=player)
    round_pair(event=robin, by=room.director)
    with pytest.raises(RoundFixedSchedule):
        round_repair(event=robin, number=1, by=room.director)


def test_a_dropped_player_comes_back_from_the_next_round() -> None:
    room, event = _night(4, rounds=2)
    gone = room.guests[0].pk
    with pytest.raises(EntryNotDropped):
        entry_return(event=event, player_id=gone, by=room.director)
    entry_drop(event=event, player_id=gone, by=room.director)
    entry = entry_return(event=event, player_id=gone, by=room.director)
    assert entry.dropped_round is None
    _, before, after = _recorded("entry.returned")
    assert (before["dropped_round"], after["dropped_round"]) == (1, None)
    with pytest.raises(Entry.DoesNotExist):
        entry_return(event=event, player_id=room.outsider.pk + 999, by=room.director)
    for _ in range(2):
        round_pair(event=event, by=room.director)
        for table in _tables(event, Round.objects.filter(event=event).count()):
            _finish(table)
    entry_drop(event=event, player_id=gone, by=room.director)
    with pytest.raises(EventFinished):
        entry_return(event=event, player_id=gone, by=room.director)


def test_only_the_director_repairs() -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)
    with pytest.raises(PermissionDenied):
        round_withdraw(event=event, number=1, by=room.member)
    assert Round.objects.filter(event=event).exists()


def test_the_version_phones_poll_never_falls_back_when_matches_go() -> None:
    room, event = _night(5)
    planned = round_pair(event=event, by=room.director)
    round_swap(
        event=event, number=1, players=[planned.byes[0], planned.tables[0].players[0]], by=room.director
    )
    seen = event_version(event.pk)
    assert seen is not None
    round_withdraw(event=event, number=1, by=room.director)
    after = event_version(event.pk)
    assert after is not None
    assert after > seen


def test_a_pairing_that_seats_nobody_or_a_field_too_large_is_refused(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    room, event = _night()
    round_pair(event=event, by=room.director)

    def refuse(*args: object) -> None:
        raise PairingInputError("no seating")

    monkeypatch.setattr("games.events.repair.round_plan", refuse)
    with pytest.raises(RoundCannotRepair) as refused:
        round_repair(event=event, number=1, by=room.director)
    assert refused.value.facts == {"players": 4, "number": 1, "sizes": "2"}
    settings.EVENT_PAIRING_INLINE_MAX = 3
    with pytest.raises(RoundRepairTooLarge):
        round_repair(event=event, number=1, by=room.director)
