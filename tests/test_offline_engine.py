"""The phone's engine and the server agree (issue 25): random hands of every game are recorded through
the services and asked of :func:`games.rules.browser.answer` play by play (:mod:`tests.engine_hands`),
and each answer is compared with the server's: the next dealer, the dealt hand, a tapped card's captures
(``play_choices``) and the verdict on a capture ticked by hand, an illegal play refused with the
server's code, facts, rule, alternatives and words, a quick entry's problems, each play's report with
the cards seen and the one-tap plays, an Escoba challenge, the breakdown and the totals of every scored
hand and where the match stands.
tests/ui/test_engine_replay.py asks the same of the engine in Chromium, offline.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.rules.browser import answer
from tests.engine_hands import TABLE_IDS, TABLES, match_asks

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def call(name: str, payload: dict[str, Any]) -> Any:  # Any: the call's decoded JSON
    return json.loads(answer(name, json.dumps(payload)))


@pytest.mark.parametrize(("game", "options", "players", "teams"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_phone_answers_what_the_server_stores(
    game: str, options: dict[str, object], players: int, teams: bool, seed: int
) -> None:
    replayed = match_asks(game, options, players, teams, seed)
    for ask in replayed.asks:
        assert ask.seen(call(ask.name, ask.payload)) == ask.expected, ask.what
    assert all(replayed.refused), f"a hand without an illegal play tried: {replayed.refused}"
