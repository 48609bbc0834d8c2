"""match_rematch: a finished match played again by the same seats, options, club and season, the deal
passed on (docs/rules/shared.md A4, docs/rules-decisions.md "Rematches")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.clubs.services.clubs import club_create, membership_create
from games.errors import GuestNotYours, MatchNotFinished
from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_abandon, match_rematch
from games.models import Club, Match
from games.people.services.players import player_create
from tests.factories import MatchFactory, UserFactory
from tests.stats.matches import TABLE, entries, tamlin_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> User:
    return UserFactory.create(username="owner")


@pytest.fixture
def club(owner: User) -> Club:
    return club_create(name="Tuesday", by=owner)


def test_a_rematch_seats_the_same_players_with_the_same_options_club_and_season(
    owner: User, club: Club
) -> None:
    season = club.seasons.create(name="Spring")
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo", "Cy", "Di")]
    finished = tamlin_match(club, players, season=season, by=owner)
    assert finished.status == Match.Status.FINISHED

    rematch, _ = match_rematch(match=finished, by=owner)
    assert rematch.status == Match.Status.IN_PROGRESS
    assert [seat.player for seat in rematch.seats.order_by("number")] == players
    assert (rematch.game, rematch.teams, rematch.club, rematch.season) == ("tamlin", True, club, season)
    assert rematch.options == finished.options
    assert rematch.target == 5
    assert rematch.rematch_of == finished
    assert [[seat.number for seat in side.seats.all()] for side in rematch.sides.order_by("index")] == [
        [0, 2],
        [1, 3],
    ]


def test_the_first_deal_passes_on_from_the_last_match_first_dealer(owner: User, club: Club) -> None:
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo")]
    finished = tamlin_match(club, players, by=owner)  # hand 1 dealt by seat 0
    rematch, _ = match_rematch(match=finished, by=owner)
    assert rematch.first_dealer == 1  # the deal passes to the left (A4)
    assert hand_start(match=rematch, table=TABLE).dealer == 1
    third, _ = match_rematch(match=_finish(rematch), by=owner)
    assert third.first_dealer == 0  # and round again


def test_tablo_counterclockwise_passes_the_deal_to_the_right(owner: User) -> None:
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo", "Cy")]
    match = MatchFactory.create(
        game="tablo", players=players, created_by=owner, options={"direction": "counterclockwise"}
    )
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)  # the deal, not the score
    hand = match.hands.create(number=1, dealer=0, table=["2C", "3C", "4C", "5C"])
    assert hand.dealer == 0
    assert match_rematch(match=match, by=owner)[0].first_dealer == 2  # B7: to the right


@pytest.mark.parametrize("abandon", [False, True])
def test_only_a_finished_match_is_played_again(owner: User, abandon: bool) -> None:
    match = MatchFactory.create(game="tablo", players=2, created_by=owner)
    if abandon:
        match_abandon(match=match)
    with pytest.raises(MatchNotFinished) as refused:
        match_rematch(match=match, by=owner)
    assert refused.value.code == "match.not_finished"
    assert Match.objects.count() == 1


def test_a_rematch_by_another_writer_may_not_seat_guests_it_does_not_own(owner: User, club: Club) -> None:
    seated = User.objects.create_user("seated")
    mine = player_create(name="Seated", by=seated, user=seated)
    guest = player_create(name="Guest", by=owner)
    membership_create(club=club, user=seated)
    finished = tamlin_match(club, [mine, guest], by=owner)
    with pytest.raises(GuestNotYours):
        match_rematch(match=finished, by=seated)  # the owner's guest: only the owner seats it
    assert Match.objects.count() == 1


def _finish(match: Match) -> Match:
    hand = match.hands.get(number=1)
    hand_summary_record(hand=hand, entries=entries(0))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_a_match_has_one_rematch_every_later_call_gets(owner: User, club: Club) -> None:
    players = [player_create(name=name, by=owner) for name in ("Ana", "Bo")]
    finished = tamlin_match(club, players, by=owner)
    first, made = match_rematch(match=finished, by=owner)
    assert made
    assert match_rematch(match=finished, by=owner) == (first, False)  # a second tap, another phone
    assert finished.rematches.count() == 1
