"""A typed name never seats another account (README.md, people at the table): text seats the writer,
the writer's own guest of that name, else a new guest; another account only when picked as that account
(its handle), a club member at once, a past opponent through an invitation."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from hypothesis import given, settings
from hypothesis import strategies as st

from games.clubs.services.clubs import club_create, membership_create
from games.errors import PlayerSeatedTwice, SeatNeedsInvitation
from games.matches.services.invitations import invitation_accept, invitation_create
from games.matches.services.matches import match_start
from games.matches.services.seating import SeatKind, handle_of, match_start_seating, seating_known
from games.models import Invitation, Player
from games.people.services.players import player_create, player_rename

pytestmark = pytest.mark.django_db


def _seated(match_pk: int) -> list[tuple[str, str | None]]:
    players = Player.objects.filter(seats__match_id=match_pk).order_by("seats__number")
    return [(player.name, player.user.username if player.user else None) for player in players]


def test_a_member_renamed_as_my_guest_is_not_seated_in_the_guests_place() -> None:
    """Name squatting: Mira renames herself "Grandma"; Ana's guest Grandma keeps her seat."""
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    grandma = player_create(name="Grandma", by=ana)
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    player_rename(player=player_create(name="Mira", by=mira, user=mira), name="Grandma")
    match = match_start_seating(game="tablo", names=["ana", "grandma"], by=ana, club=club)
    assert _seated(match.pk) == [("ana", "ana"), ("Grandma", None)]
    assert grandma.seats.filter(match=match).exists()
    assert seating_known(by=ana, club=club).choice("Grandma").kind is SeatKind.GUEST


def test_a_typed_name_no_guest_has_seats_a_new_guest_even_when_a_member_has_it() -> None:
    ana, dragan = User.objects.create_user("ana"), User.objects.create_user("dragan")
    player_create(name="Dragan P.", by=dragan, user=dragan)
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=dragan)
    for typed in ("dragan p.", "dragan"):  # his player name, his user name: text, not his identity
        assert seating_known(by=ana, club=club).choice(typed).kind is SeatKind.NEW
    match = match_start_seating(game="tablo", names=["Guest Gina", "dragan p."], by=ana, club=club)
    assert _seated(match.pk) == [("Guest Gina", None), ("dragan p.", None)]


def test_a_member_picked_by_handle_is_seated_at_once_by_their_own_name() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    old_guest = player_create(name="Mira", by=ana)  # typed before Mira had an account
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    known = seating_known(by=ana, club=club)
    picked = next(choice for choice in known.suggestions() if choice.account == mira)
    assert (picked.kind, picked.typed) == (SeatKind.ACCOUNT, "mira @mira")
    match = match_start_seating(game="tablo", names=["ana", "Mira @Mira"], by=ana, club=club)
    assert _seated(match.pk) == [("ana", "ana"), ("Mira", "mira")]
    assert not old_guest.seats.exists()  # untouched, not seated


def test_a_past_opponent_picked_by_handle_is_invited_not_seated() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    mira_player = player_create(name="Mira", by=mira, user=mira)
    met = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    invitation_accept(invitation=invitation_create(match=met, seat=1, by=ana, invitee=mira), by=mira)
    assert seating_known(by=ana).choice("Mira @mira").kind is SeatKind.INVITE
    assert seating_known(by=ana).choice("mira").kind is SeatKind.NEW
    match = match_start_seating(game="tablo", names=["ana", "Mira @mira"], by=ana)
    assert _seated(match.pk) == [("ana", "ana"), ("Mira", None)]  # a guest until she accepts
    invitation = Invitation.objects.get(match=match)
    assert (invitation.seat, invitation.invitee, invitation.is_open) == (1, mira, True)
    assert not mira_player.seats.filter(match=match).exists()


def test_a_handle_of_an_account_the_writer_does_not_know_is_text() -> None:
    ana = User.objects.create_user("ana")
    User.objects.create_user("stranger")
    choice = seating_known(by=ana).choice("S @stranger")
    assert (choice.kind, choice.account) == (SeatKind.NEW, None)


def test_the_writer_is_seated_by_their_user_name_their_player_name_or_handle() -> None:
    ana = User.objects.create_user("ana")
    player_create(name="Ana M.", by=ana, user=ana)
    for typed in ("ANA", "ana m.", "x @ana"):
        choice = seating_known(by=ana).choice(typed)
        assert (choice.kind, choice.account, choice.name) == (SeatKind.ACCOUNT, ana, "Ana M.")


def test_handles() -> None:
    assert [handle_of(text) for text in ("Mira @mira", "@a.b@c.d", "Mira", "", "a@b")] == [
        "mira",
        "a.b@c.d",
        "",
        "",
        "",
    ]


def test_an_unknown_name_is_a_new_guest_and_a_known_guest_is_reused() -> None:
    ana = User.objects.create_user("ana")
    first = match_start_seating(game="tablo", names=["ana", "Bo"], by=ana)
    second = match_start_seating(game="tablo", names=["ana", "bo"], by=ana)
    bo = Player.objects.get(name="Bo")
    assert bo.seats.filter(match__in=[first, second]).count() == 2
    assert seating_known(by=ana).choice("BO").kind is SeatKind.GUEST
    assert seating_known(by=ana).choice("Zed").kind is SeatKind.NEW


def test_of_two_guests_whose_names_read_alike_the_first_made_is_seated_on_every_database() -> None:
    """Not the one the database sorts first (PostgreSQL's C collation puts "Bo" before "bo", SQLite's
    NOCASE and a language's collation do not): the same guest on SQLite and PostgreSQL."""
    ana = User.objects.create_user("ana")
    first = player_create(name="bo", by=ana)
    player_create(name="Bo", by=ana)
    assert seating_known(by=ana).choice("BO").player == first
    assert [choice.name for choice in seating_known(by=ana).suggestions()] == ["ana", "bo"]


def test_the_same_new_name_twice_is_refused_and_no_guest_is_kept() -> None:
    ana = User.objects.create_user("ana")
    with pytest.raises(PlayerSeatedTwice):
        match_start_seating(game="tablo", names=["Bo", "bo"], by=ana)
    assert not Player.objects.exists()


def test_another_accounts_player_needs_club_membership_to_be_seated_directly() -> None:
    ana, mira = User.objects.create_user("ana"), User.objects.create_user("mira")
    mira_player = player_create(name="Mira", by=mira, user=mira)
    guest = player_create(name="Bo", by=ana)
    with pytest.raises(SeatNeedsInvitation):
        match_start(game="tablo", players=[guest, mira_player], by=ana)
    club = club_create(name="Kafana", by=ana)
    membership_create(club=club, user=mira)
    assert match_start(game="tablo", players=[guest, mira_player], by=ana, club=club).seats.count() == 2


@settings(max_examples=30, deadline=None)
@given(name=st.text(min_size=1, max_size=20).filter(lambda text: text.strip()))
def test_any_typed_name_resolves_to_exactly_one_kind(name: str) -> None:
    ana = User.objects.get_or_create(username="ana")[0]
    choice = seating_known(by=ana).choice(name)
    if choice.account is None:
        assert choice.name == name.strip()
    assert choice.kind in set(SeatKind)
    assert (choice.account is not None) == (choice.kind in {SeatKind.ACCOUNT, SeatKind.INVITE})
    assert choice.kind is not SeatKind.INVITE  # ana knows no one
    assert choice.account in {None, ana}
