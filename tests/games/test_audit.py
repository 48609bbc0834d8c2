"""The audit log and the match's hash chain (docs/audit.md): every change of who may do what and of a
result that counts is recorded with who, when, before and after; a match's record adds up to the head
its result card prints, and a row changed behind the services' back breaks it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import timezone

from games.audit.selectors import match_chain_verify
from games.clubs.services.clubs import membership_create
from games.events.models import ResultOverride
from games.events.services import (
    entry_add,
    entry_check_in,
    entry_drop,
    event_create,
    round_pair,
    table_result_set,
)
from games.matches.services.demo import demo_hand_play, demo_match_play
from games.matches.services.hands import PlayInput, hand_correct, hand_start
from games.matches.services.invitations import invitation_create, invitation_withdraw
from games.matches.services.matches import match_abandon, match_share
from games.matches.services.plays import hand_challenge_record, hand_play_record, hand_play_undo
from games.models import AuditEntry, ChainLink, Challenge, HandSummary, Match, Play, Player
from games.people.services.claims import guest_claim_create, guest_claim_decide
from games.people.services.players import player_rename
from tests.factories import MatchFactory, UserFactory, make_personas

pytestmark = pytest.mark.django_db

EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def _state(value: object) -> dict[str, Any]:
    """An entry's before or after, which these tests know to be a mapping."""
    assert isinstance(value, dict)
    return value


def _actions(**where: object) -> list[str]:
    return list(AuditEntry.objects.filter(**where).order_by("at", "pk").values_list("action", flat=True))


def _played_match() -> Match:
    return demo_match_play(match=MatchFactory.create(game="tablo"), rng=random.Random(2), hands=2)


def test_a_played_match_verifies_and_its_head_is_its_last_link() -> None:
    match = _played_match()
    verification = match_chain_verify(match)
    assert verification.ok, verification.problems
    last = ChainLink.objects.filter(match=match).order_by("-index").first()
    assert last is not None
    assert (match.chain_head, match.chain_length) == (last.head, last.index)
    assert len(verification.code) == 9


def test_a_play_changed_behind_the_services_back_fails_verification() -> None:
    match = _played_match()
    play = Play.objects.filter(match=match).order_by("pk")[:1].get()
    Play.objects.filter(pk=play.pk).update(seat=1 - play.seat)
    verification = match_chain_verify(Match.objects.get(pk=match.pk))
    assert not verification.ok
    assert any("changed" in problem for problem in verification.problems)


@pytest.mark.slow
@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(
            lambda m: Play.objects.filter(match=m).order_by("-pk")[:1].get().delete(), id="play-deleted"
        ),
        pytest.param(
            lambda m: Play.objects.filter(match=m, seq=0, undone_at__isnull=True).update(
                undone_at=timezone.now()
            ),
            id="play-marked-undone",
        ),
        pytest.param(
            lambda m: AuditEntry.objects.filter(match=m).update(after={"game": "escoba"}), id="entry-changed"
        ),
        pytest.param(
            lambda m: ChainLink.objects.filter(match=m, index=1).update(digest="0" * 64), id="link-changed"
        ),
        pytest.param(lambda m: Match.objects.filter(pk=m.pk).update(chain_head="f" * 64), id="head-changed"),
    ],
)
def test_any_stored_change_fails_verification(tamper: object) -> None:
    match = _played_match()
    tamper(match)  # type: ignore[operator]
    assert not match_chain_verify(Match.objects.get(pk=match.pk)).ok


def test_an_undo_and_a_correction_keep_the_chain_whole_and_are_on_record() -> None:
    match = MatchFactory.create(game="tablo", options={"target": 500})
    rng = random.Random(4)
    first = demo_hand_play(match=match, rng=rng)
    hand = hand_start(match=match, dealer=1, table=["2C", "3C", "4C", "5C"])
    recorded = hand_play_record(
        hand=hand, seat=hand.starter if hand.starter is not None else 0, card="9H", expected_seq=0
    )
    hand_play_undo(hand=recorded.hand, expected_seq=1)
    by = match.created_by
    hand_correct(hand=first, summary=EVEN, by=by)
    verification = match_chain_verify(Match.objects.get(pk=match.pk))
    assert verification.ok, verification.problems
    entry = AuditEntry.objects.get(match=match, action="hand.corrected")
    assert entry.by == by
    assert _state(entry.before)["kind"] == "plays"
    assert _state(entry.before)["plays"]
    assert _state(entry.after)["kind"] == "summary"
    assert _state(entry.after)["summary"] == EVEN
    assert ChainLink.objects.filter(match=match, kind=ChainLink.Kind.UNDO).count() == 1
    # corrected back to plays, with a challenge-free log: still whole
    hand_correct(
        hand=first,
        plays=[
            PlayInput(seat=p["seat"], card=p["card"], taken=p["taken"]) for p in _state(entry.before)["plays"]
        ],
        by=by,
    )
    assert match_chain_verify(Match.objects.get(pk=match.pk)).ok
    assert HandSummary.objects.filter(hand=first).count() == 0


def test_match_access_changes_are_on_record_with_before_and_after() -> None:
    people = make_personas()
    match, owner = people.match, people.owner
    match_share(match=match, by=owner)
    match_share(match=match, enabled=False, by=owner)
    guest_seat = 1
    invitation = invitation_create(match=match, seat=guest_seat, by=owner)
    invitation_withdraw(invitation=invitation, by=owner)
    match_abandon(match=match, by=owner)
    assert _actions(match=match) == [
        "match.started",
        "invitation.given",
        "invitation.accepted",
        "match.share_made",
        "match.share_revoked",
        "invitation.given",
        "invitation.withdrawn",
        "match.abandoned",
    ]
    abandoned = AuditEntry.objects.get(match=match, action="match.abandoned")
    assert (abandoned.by, abandoned.before, abandoned.after) == (
        owner,
        {"status": "in_progress"},
        {"status": "abandoned"},
    )
    assert match_chain_verify(Match.objects.get(pk=match.pk)).ok
    assert "share_token" not in str(AuditEntry.objects.filter(match=match).values_list("after", flat=True))


def test_claims_renames_and_roles_are_on_record() -> None:
    people = make_personas()
    claimant = UserFactory.create()
    membership_create(club=people.club, user=claimant, by=people.owner)
    membership_create(club=people.club, user=claimant, role="admin", by=people.owner)
    claim = guest_claim_create(match=people.match, seat=1, by=claimant)
    guest_claim_decide(claim=claim, by=people.owner, confirm=True)
    player = Player.objects.get(user=claimant)  # made by the confirmed claim, with the guest's name
    player_rename(player=player, name="Cleo B", by=claimant)
    assert "membership.role_changed" in _actions(club=people.club)
    role = AuditEntry.objects.get(action="membership.role_changed")
    assert (_state(role.before)["role"], _state(role.after)["role"], role.subject) == (
        "member",
        "admin",
        claimant,
    )
    assert {"claim.made", "claim.confirmed", "player.merged"} <= set(_actions(match=people.match))
    renamed = AuditEntry.objects.get(action="player.renamed")
    assert (renamed.before, renamed.after, renamed.by, renamed.subject) == (
        {"name": "Bo"},
        {"name": "Cleo B"},
        claimant,
        claimant,
    )
    assert match_chain_verify(Match.objects.get(pk=people.match.pk)).ok


def test_event_entries_and_overrides_are_on_record_and_an_override_is_in_its_match_chain() -> None:
    people = make_personas()
    admin = people.owner
    event = event_create(club=people.club, by=admin, name="Friday", game="tablo", rounds=1)
    players = [entry_add(event=event, by=admin, name=name).player for name in ("Ann", "Ben", "Cy")]
    entry_check_in(event=event, player_id=players[0].pk, by=admin)
    entry_drop(event=event, player_id=players[2].pk, by=admin)
    planned = round_pair(event=event, by=admin)
    table = event.event_rounds.get().tables.get()
    table_result_set(table=table, by=admin, winner=0)
    assert _actions(club=people.club, object_type__in=["event", "entry", "round", "resultoverride"]) == [
        "event.created",
        "entry.added",
        "entry.added",
        "entry.added",
        "entry.checked_in",
        "entry.dropped",
        "round.published",
        "table.result_overridden",
    ]
    override = AuditEntry.objects.get(action="table.result_overridden")
    assert override.match_id == planned.tables[0].match
    assert _state(override.before)["source"] == "match"
    assert override.after == {
        "source": "override",
        "winner": 0,
        "places": [],
    }
    assert ResultOverride.objects.count() == 1
    assert match_chain_verify(Match.objects.get(pk=table.match_id)).ok


def test_an_escoba_challenge_is_a_link_and_a_changed_one_fails_verification() -> None:
    people = make_personas("escoba", manual_capture=True)
    hand = hand_start(match=people.match, dealer=0, table=["2C", "3D", "4H", "6S"])
    played = hand_play_record(hand=hand, seat=1, card="6H", taken=["2C", "3D"], expected_seq=0)
    hand_challenge_record(hand=played.hand, seat=0, play_seq=0, expected_seq=1)
    assert ChainLink.objects.filter(match=people.match, kind=ChainLink.Kind.CHALLENGE).count() == 1
    assert match_chain_verify(Match.objects.get(pk=people.match.pk)).ok
    Challenge.objects.filter(match=people.match).update(seat=1)
    assert not match_chain_verify(Match.objects.get(pk=people.match.pk)).ok


def test_deleting_an_account_that_played_and_recorded_keeps_the_match_verifiable() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=1, table=["2C", "3C", "4C", "5C"])
    hand_play_record(hand=hand, seat=0, card="9H", expected_seq=0, by=people.player)
    match_share(match=people.match, by=people.player)
    people.player.delete()
    assert Play.objects.get(match=people.match).created_by is None
    assert match_chain_verify(Match.objects.get(pk=people.match.pk)).ok
