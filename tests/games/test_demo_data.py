"""``manage.py demo_data`` (``make run``): the demo account, players and a finished Tablo match, once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.matches.selectors.matches import match_audit
from games.models import Match, Player


@pytest.mark.slow
@pytest.mark.django_db
def test_demo_data_makes_one_finished_tablo_match_and_is_safe_to_run_again() -> None:
    call_command("demo_data", stdout=StringIO())
    call_command("demo_data", stdout=StringIO())
    match = Match.objects.get()
    assert (match.game, match.status, match.winner is not None) == ("tablo", "finished", True)
    assert Player.objects.count() == 4
    assert match_audit(match) == []
