"""The migration that starts the audit log chains what was recorded before it (docs/audit.md): a match
played, corrected and claimed before the chain existed verifies once chained, and its corrections and
claims are in its log."""

from __future__ import annotations

import importlib
import random

import pytest
from django.apps import apps

from games.audit.selectors import match_chain_verify
from games.events.services import entry_add, event_create, round_pair, table_result_set
from games.matches.services.demo import demo_hand_play
from games.matches.services.hands import hand_correct
from games.migrations._chain_backfill import chain_records
from games.models import AuditEntry, ChainLink, Match
from games.people.services.claims import guest_claim_create, guest_claim_decide
from tests.factories import UserFactory, make_personas

pytestmark = pytest.mark.django_db
EVEN = [{"cards": 26, "point_cards": 11, "tablos": 0}, {"cards": 26, "point_cards": 11, "tablos": 0}]


def test_records_made_before_the_log_are_chained_and_brought_into_it() -> None:
    people = make_personas()
    match = people.match
    first = demo_hand_play(match=match, rng=random.Random(4))
    demo_hand_play(match=match, rng=random.Random(5))
    hand_correct(hand=first, summary=EVEN, by=people.owner)
    claimant = UserFactory.create()
    guest_claim_decide(
        claim=guest_claim_create(match=match, seat=1, by=claimant), by=people.owner, confirm=True
    )
    # as before the log: no links, no entries, no head
    ChainLink.objects.all().delete()
    AuditEntry.objects.all().delete()
    Match.objects.update(chain_head="", chain_length=0)
    chain_records(apps, None)
    chained = Match.objects.get(pk=match.pk)
    assert chained.chain_length > 0
    assert match_chain_verify(chained).ok, match_chain_verify(chained).problems
    actions = set(AuditEntry.objects.filter(match=match).values_list("action", flat=True))
    assert actions == {"hand.corrected", "claim.made", "claim.confirmed"}
    assert AuditEntry.objects.filter(action="player.merged", match=None).count() == 1


def test_overrides_made_before_the_log_go_into_their_tables_match_chain() -> None:
    people = make_personas()
    admin = people.owner
    event = event_create(club=people.club, by=admin, name="Friday", game="tablo", rounds=1)
    for name in ("Ann", "Ben"):
        entry_add(event=event, by=admin, name=name)
    round_pair(event=event, by=admin)
    table = event.event_rounds.get().tables.get()
    table_result_set(table=table, by=admin, winner=0)
    table_result_set(table=table, by=admin, winner=1)
    ChainLink.objects.all().delete()
    AuditEntry.objects.all().delete()
    Match.objects.update(chain_head="", chain_length=0)
    chain_records(apps, None)
    importlib.import_module("games.events.migrations.0004_overrides_in_audit_log").overrides_into_log(
        apps, None
    )
    entries = AuditEntry.objects.filter(action="table.result_overridden", match=table.match_id).order_by("at")
    assert [entry.after for entry in entries] == [
        {"source": "override", "winner": 0, "places": []},
        {"source": "override", "winner": 1, "places": []},
    ]
    assert entries[1].before == {"source": "override", "winner": 0, "places": []}
    assert match_chain_verify(Match.objects.get(pk=table.match_id)).ok
