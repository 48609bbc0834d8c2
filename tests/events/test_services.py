"""The event services: who may be entered, late entries and drops, pairing and publishing rounds as
ordinary matches, results from the matches or the director, standings recomputed from corrected hands."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from games.access import match_writable_by
from games.errors import GuestNotYours, SeatNeedsInvitation
from games.events.errors import (
    AlreadyDropped,
    AlreadyEntered,
    EntriesClosed,
    EventFinished,
    FormatNotPlayable,
    ResultInvalid,
    RoundOpen,
    TiebreakUnknown,
    TooFewEntries,
)
from games.events.models import Entry, Event, Round, Table
from games.events.selectors import event_standings, event_version
from games.events.services import (
    entry_add,
    entry_check_in,
    entry_drop,
    event_create,
    round_pair,
    table_result_set,
)
from games.matches.services.hands import hand_correct, hand_start, hand_summary_record
from games.models import Hand, Match, Player
from tests.events.helpers import Room, make_room, stored, swiss
from tests.factories import MembershipFactory, PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

WIN = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
LOSS = [WIN[1], WIN[0]]


def _entered(room: Room, event: Event) -> list[Entry]:
    entries = [entry_add(event=event, by=room.director, player=room.member_player)]
    return entries + [entry_add(event=event, by=room.director, player=guest) for guest in room.guests]


def finish(match: Match, sides: list[dict[str, int]]) -> Hand:
    """Finish a match of target 1 with one quick summary."""
    hand = hand_start(match=match, mode=Hand.Mode.SUMMARY)
    return hand_summary_record(hand=hand, entries=sides)


def test_only_a_clubs_admin_creates_an_event_and_the_game_must_fit_the_format() -> None:
    room = make_room(1)
    with pytest.raises(PermissionDenied):
        event_create(club=room.club, by=room.member, name="Mine", game="tablo", rounds=3)
    with pytest.raises(FormatNotPlayable):
        event_create(club=room.club, by=room.director, name="Pods", game="twenty", format="pods", rounds=3)
    with pytest.raises(TiebreakUnknown):
        event_create(club=room.club, by=room.director, name="T", game="tablo", tiebreaks=["coin"])
    event = event_create(
        club=room.club, by=room.director, name="RR", game="tablo", format="round_robin", rounds=9
    )
    assert (event.rounds, event.points["win"], event.tiebreaks) == (
        0,
        3,
        ["median_buchholz", "buchholz", "points_diff"],
    )


def test_entries_take_seatable_players_and_walk_ins_but_nobody_twice() -> None:
    room = make_room(1)
    event = swiss(room)
    entry_add(event=event, by=room.director, player=room.member_player)
    walk_in = entry_add(event=event, by=room.director, name="Walk-in Wanda")
    assert (walk_in.player.name, walk_in.player.created_by, walk_in.player.user) == (
        "Walk-in Wanda",
        room.director,
        None,
    )
    with pytest.raises(AlreadyEntered):
        entry_add(event=event, by=room.director, player=room.member_player)
    strangers_guest = PlayerFactory.create(created_by=room.outsider)
    with pytest.raises(GuestNotYours):
        entry_add(event=event, by=room.director, player=strangers_guest)
    with pytest.raises(PermissionDenied):
        entry_add(event=event, by=room.member, name="Sneaky")
    assert event.entries.count() == 2


def test_a_walk_in_is_entered_and_checked_in_at_once_and_a_refused_one_leaves_nothing() -> None:
    room = make_room(1)
    event = swiss(room, rounds=2)
    newcomer = UserFactory.create(username="newcomer")
    MembershipFactory.create(club=room.club, user=newcomer)
    entry = entry_add(event=event, by=room.director, name="New", account=newcomer, checked_in=True)
    assert (entry.player.user, entry.checked_in_at is not None) == (newcomer, True)
    with pytest.raises(SeatNeedsInvitation):
        entry_add(event=event, by=room.director, name="Out", account=room.outsider)
    entry_add(event=event, by=room.director, player=room.member_player)
    round_pair(event=event, by=room.director)
    players = Player.objects.count()
    with pytest.raises(EntriesClosed):
        entry_add(event=event, by=room.director, name="Too late")
    assert Player.objects.count() == players


def test_a_draft_stores_nothing_and_publishing_starts_one_match_per_table() -> None:
    room = make_room()
    season = SeasonFactory.create(club=room.club)
    event = swiss(room, season=season, options={"target": 1})
    _entered(room, event)
    before = event_version(event.pk)
    draft = round_pair(event=event, by=room.director, draft=True)
    assert (len(draft.tables), draft.published, Round.objects.count(), Match.objects.count()) == (
        6,
        False,
        0,
        0,
    )
    published = round_pair(event=event, by=room.director)
    assert [table.players for table in published.tables] == [table.players for table in draft.tables]
    matches = Match.objects.filter(event_table__round__event=event)
    assert matches.count() == 6
    assert {(m.club_id, m.season_id, m.game, m.options["target"]) for m in matches} == {
        (room.club.pk, season.pk, "tablo", 1)
    }
    table = Table.objects.select_related("match").get(round__number=1, number=1)
    seats = list(table.match.seats.order_by("number").values_list("player_id", flat=True))
    assert seats == table.players
    assert hand_start(match=table.match, mode=Hand.Mode.SUMMARY).dealer == table.dealer
    assert event_version(event.pk) != before


def test_the_next_round_waits_for_every_result_and_the_event_ends_after_its_rounds() -> None:
    room = make_room(3)
    event = swiss(room, rounds=1, options={"target": 1})
    _entered(room, event)
    first = round_pair(event=event, by=room.director)
    with pytest.raises(RoundOpen) as raised:
        round_pair(event=event, by=room.director, draft=True)
    tables = [{"round": 1, "table": 1}, {"round": 1, "table": 2}]
    assert raised.value.facts == {"number": 1, "table": 1, "open": 2, "tables": tables}
    finish(stored(first.tables[0]).match, WIN)
    table = stored(first.tables[1])
    table_result_set(table=table, by=room.director, winner=None)
    with pytest.raises(EventFinished):
        round_pair(event=event, by=room.director)


def test_late_entries_close_when_half_the_rounds_have_started_and_score_nothing_for_the_missed() -> None:
    room = make_room(3)
    event = swiss(room, rounds=4, options={"target": 1})
    _entered(room, event)
    for _ in range(2):
        played = round_pair(event=event, by=room.director)
        if played.number == 1:
            late = entry_add(event=event, by=room.director, name="Late Larry")
            assert late.joined_round == 2
        for table in played.tables:
            table_result_set(table=stored(table), by=room.director, winner=0)
    with pytest.raises(EntriesClosed):
        entry_add(event=event, by=room.director, name="Too late")
    rows = {row.player: row for row in event_standings(event=event)}
    assert rows[late.player_id].wins + rows[late.player_id].losses + rows[late.player_id].byes == 1


def test_a_round_robin_closes_its_entries_at_round_one_and_sets_its_rounds() -> None:
    room = make_room(4)
    event = event_create(club=room.club, by=room.director, name="RR", game="tablo", format="round_robin")
    _entered(room, event)
    round_pair(event=event, by=room.director)
    event.refresh_from_db()
    assert event.rounds == 5  # five players: five rounds, one bye each round
    assert Round.objects.get().byes.count() == 1
    with pytest.raises(EntriesClosed):
        entry_add(event=event, by=room.director, name="Late")


def test_a_dropped_player_is_not_paired_again_and_check_in_can_be_undone() -> None:
    room = make_room(4)
    event = swiss(room, rounds=3)
    entries = _entered(room, event)
    checked = entry_check_in(event=event, player_id=entries[1].player_id, by=room.director)
    assert checked.checked_in_at is not None
    assert (
        entry_check_in(event=event, player_id=checked.player_id, by=room.director, undo=True).checked_in_at
        is None
    )
    entry_drop(event=event, player_id=entries[0].player_id, by=room.director)
    with pytest.raises(AlreadyDropped):
        entry_drop(event=event, player_id=entries[0].player_id, by=room.director)
    planned = round_pair(event=event, by=room.director, draft=True)
    seated = {player for table in planned.tables for player in table.players} | set(planned.byes)
    assert seated == {entry.player_id for entry in entries[1:]}


def test_too_few_players_for_a_table() -> None:
    room = make_room(0)
    event = swiss(room)
    entry_add(event=event, by=room.director, player=room.member_player)
    with pytest.raises(TooFewEntries):
        round_pair(event=event, by=room.director, draft=True)


def test_an_override_names_a_side_the_table_has() -> None:
    room = make_room(1)
    event = swiss(room)
    _entered(room, event)
    planned = round_pair(event=event, by=room.director)
    table = stored(planned.tables[0])
    with pytest.raises(ResultInvalid):
        table_result_set(table=table, by=room.director, winner=2)
    with pytest.raises(ResultInvalid):
        table_result_set(table=table, by=room.director, places=[0, 0])
    override = table_result_set(table=table, by=room.director, winner=1)
    assert (override.by, override.at is not None) == (room.director, True)


def test_a_corrected_hand_of_a_finished_table_match_recomputes_the_standings() -> None:
    room = make_room(1)
    event = swiss(room, options={"target": 1})
    _entered(room, event)
    planned = round_pair(event=event, by=room.director)
    match = stored(planned.tables[0]).match
    hand = finish(match, WIN)
    first, second = planned.tables[0].players
    rows = {row.player: row for row in event_standings(event=event)}
    before = rows[first].game_for - rows[first].game_against
    assert (rows[first].points, rows[second].points, before > 0) == (3, 0, True)
    hand_correct(hand=hand, summary=LOSS)
    rows = {row.player: row for row in event_standings(event=event)}
    assert (rows[first].points, rows[second].points) == (0, 3)
    assert rows[first].tiebreaks["points_diff"] == -before


def test_the_seated_members_may_record_their_tables_match_and_other_members_may_not() -> None:
    room = make_room(1)
    event = swiss(room)
    _entered(room, event)
    planned = round_pair(event=event, by=room.director)
    writable = Match.objects.filter(pk=stored(planned.tables[0]).match_id)
    assert writable.filter(match_writable_by(room.member)).exists()  # Mia sits at the only table
    assert writable.filter(match_writable_by(room.director)).exists()
    other_member = UserFactory.create()
    room.club.memberships.create(user=other_member)
    assert not writable.filter(match_writable_by(other_member)).exists()
    assert not writable.filter(match_writable_by(room.outsider)).exists()


def test_pods_seat_fours_then_threes_and_score_by_place_from_the_match() -> None:
    room = make_room(9)
    event = swiss(room, format="pods", options={"target": 1})
    _entered(room, event)
    planned = round_pair(event=event, by=room.director)
    assert sorted(len(table.players) for table in planned.tables) == [3, 3, 4]
    four = next(table for table in planned.tables if len(table.players) == 4)
    match = stored(four).match
    assert (match.player_count, match.teams) == (4, False)
    sides = [{"cards": 16, "point_cards": 8, "tablos": 1}, {"cards": 12, "point_cards": 6, "tablos": 0}]
    sides += [{"cards": 12, "point_cards": 4, "tablos": 0}, {"cards": 12, "point_cards": 4, "tablos": 0}]
    finish(match, sides)
    match.refresh_from_db()
    rows = {row.player: row for row in event_standings(event=event)}
    assert match.status == Match.Status.FINISHED
    places = [sum(other > total for other in match.totals) for total in match.totals]
    assert [rows[player].points for player in four.players] == [[3, 2, 1, 0][place] for place in places]
    assert rows[four.players[places.index(0)]].wins == 1
    table_result_set(table=stored(four), by=room.director, places=[3, 2, 1, 0])
    rows = {row.player: row for row in event_standings(event=event)}
    assert [rows[player].points for player in four.players] == [0, 1, 2, 3]


def test_partners_sit_across_the_table_and_score_individually() -> None:
    room = make_room(7)
    event = swiss(room, format="partners")
    _entered(room, event)
    planned = round_pair(event=event, by=room.director)
    assert len(planned.tables) == 2
    table = stored(planned.tables[0])
    seats = list(table.match.seats.order_by("number").values_list("player_id", "side__index"))
    assert [side for _, side in seats] == [0, 1, 0, 1]  # partners across: seats 0 and 2, 1 and 3
    assert table.sides == [[seats[0][0], seats[2][0]], [seats[1][0], seats[3][0]]]
    table_result_set(table=table, by=room.director, winner=1)
    rows = {row.player: row for row in event_standings(event=event)}
    assert [rows[player].points for player in table.players] == [0, 3, 0, 3]


def test_three_rounds_of_partners_give_everyone_new_partners() -> None:
    room = make_room(7)
    event = swiss(room, rounds=3, format="partners")
    _entered(room, event)
    partnered: set[frozenset[int]] = set()
    for _ in range(3):
        planned = round_pair(event=event, by=room.director)
        assert planned.rematches == ()
        for table in planned.tables:
            for side in table.sides:
                assert frozenset(side) not in partnered
                partnered.add(frozenset(side))
            table_result_set(table=stored(table), by=room.director, winner=0)
    rows = event_standings(event=event)
    assert all(len(set(row.partners)) == 3 for row in rows)


def test_a_round_robin_gives_the_opponent_of_a_dropped_player_a_bye() -> None:
    room = make_room(3)
    event = event_create(club=room.club, by=room.director, name="RR", game="tablo", format="round_robin")
    entries = _entered(room, event)
    first = round_pair(event=event, by=room.director)
    for table in first.tables:
        table_result_set(table=stored(table), by=room.director, winner=0)
    entry_drop(event=event, player_id=entries[0].player_id, by=room.director)
    second = round_pair(event=event, by=room.director)
    assert (len(second.tables), len(second.byes)) == (1, 1)
    assert entries[0].player_id not in {p for t in second.tables for p in t.players} | set(second.byes)


def test_publishing_seats_as_the_publishing_director_so_another_admins_guest_is_refused() -> None:
    room = make_room(1)
    event = swiss(room)
    _entered(room, event)  # Mia and the director's own guest
    second_admin = UserFactory.create(username="co-director")
    room.club.memberships.create(user=second_admin, role="admin")
    with pytest.raises(GuestNotYours):  # only a guest's owner seats it (docs/events.md)
        round_pair(event=event, by=second_admin)
    assert Round.objects.count() == 0
    assert round_pair(event=event, by=second_admin, draft=True).tables
