"""/api/v1/matches/{id}/log/, /api/v1/clubs/{id}/log/ and /api/v1/matches/{id}/verify/ (docs/audit.md):
the log for the match's readers and the club's admins, paginated entries ``{at, by, action, object,
before, after}``; the verification for whoever may read the match, share-link holders included."""

from __future__ import annotations

import pytest
from django.test import Client

from games.audit.chain import short_code
from games.matches.services.hands import hand_start
from games.matches.services.matches import match_abandon, match_share
from games.matches.services.plays import hand_play_record
from games.models import Match, Play
from tests.factories import api_client, make_personas

pytestmark = pytest.mark.django_db
TABLE = ["2C", "3C", "4C", "5C"]


def test_a_player_reads_the_match_log_oldest_first_with_who_and_before_and_after() -> None:
    people = make_personas()
    match_abandon(match=people.match, by=people.owner)
    page = api_client(people.player).get(f"/api/v1/matches/{people.match.pk}/log/").json()
    assert page["count"] == 4
    assert [entry["action"] for entry in page["results"]] == [
        "match.started",
        "invitation.given",
        "invitation.accepted",
        "match.abandoned",
    ]
    last = page["results"][-1]
    assert {key: last[key] for key in ("by", "before", "after")} == {
        "by": "owner",
        "before": {"status": "in_progress"},
        "after": {"status": "abandoned"},
    }
    assert last["object"] == {"type": "match", "id": str(people.match.pk), "name": str(people.match)}
    assert last["action_label"] == "Match abandoned"
    assert set(last) >= {"at", "by", "action", "object", "before", "after"}


def test_the_club_log_is_its_admins_and_pages() -> None:
    people = make_personas()
    url = f"/api/v1/clubs/{people.club.pk}/log/"
    page = api_client(people.owner).get(url, {"limit": 2}).json()
    assert (len(page["results"]), page["count"] > 2, page["next"] is not None) == (2, True, True)
    assert page["results"][0]["action"] == "invitation.accepted"  # newest first
    assert api_client(people.member).get(url).status_code == 403


def test_a_share_link_holder_verifies_the_record_and_sees_a_change_behind_the_services_back() -> None:
    people = make_personas()
    hand = hand_start(match=people.match, dealer=1, table=TABLE)
    hand_play_record(hand=hand, seat=0, card="9H", expected_seq=0)
    shared = match_share(match=people.match, by=people.owner)
    url = f"/api/v1/matches/{people.match.pk}/verify/"
    assert Client().get(url).status_code == 404  # no link, not a player
    answer = Client().get(url, {"share": shared.share_token}).json()
    head = Match.objects.get(pk=people.match.pk).chain_head
    assert answer == {"ok": True, "head": head, "code": short_code(head), "links": answer["links"]}
    Play.objects.filter(match=people.match).update(card="KH")
    assert Client().get(url, {"share": shared.share_token}).json()["ok"] is False
    assert api_client(people.player).get(url).json()["ok"] is False
