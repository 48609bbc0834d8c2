"""The draft screens of a match started offline (web/drafts.py): the match screen of the match the
engine would start, unsaved, its players named by tokens; and what the new-match page tells the phone."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.matches.services.seating import match_start_seating
from games.models import Match, Player
from web.drafts import draft_token
from web.presets import presets_available

NAMES = ["Marija", "Dragan", "Zora", "Ana", "Bo", "Cy"]


def _offline_start(page: str) -> dict[str, Any]:
    found = re.search(r'<script id="offline-start" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    start: dict[str, Any] = json.loads(found.group(1))
    return start


def _coming(page: str) -> dict[str, Any]:
    """The coming hand's data on a screen between hands (web/offline.py)."""
    found = re.search(r'<section [^>]*hidden data-coming data-offline="([^"]*)"', page)
    assert found is not None
    state: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return state


def _named(value: Any, names: list[str]) -> Any:
    """The draft's data as the phone names it (static/js/offline_draft.js)."""
    text = json.dumps(value)
    for seat, name in enumerate(names):
        text = text.replace(draft_token(seat), name)
    return json.loads(text)


@pytest.mark.slow
@pytest.mark.parametrize("preset", presets_available(), ids=lambda preset: preset.slug)
def test_every_seating_the_new_match_page_offers_has_a_draft_and_nothing_is_stored(
    owner_client: Client, preset: Any
) -> None:
    page = owner_client.get(reverse("match-new"), {"variant": preset.slug}).content.decode()
    start = _offline_start(page)
    assert (start["variant"], start["game"], start["options"]) == (
        preset.slug,
        preset.game,
        dict(preset.options),
    )
    before = (Match.objects.count(), Player.objects.count())
    drafts = {key: seating["draft"] for key, seating in start["seatings"].items() if "draft" in seating}
    assert drafts, "a game with no seating"
    for key, url in drafts.items():
        players = int(key.rstrip("p"))
        response = owner_client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert all(draft_token(seat) in body for seat in range(players)), url
        assert draft_token(players) not in body
        state = _coming(body)
        assert (state["match"], state["hand"], state["setup"]["players"]) == (0, 1, players)
        assert state["setup"]["teams"] is key.endswith("p")
        assert state["hands_api"] == "/api/v1/matches/0/hands/"
    refused = [seating["refused"] for seating in start["seatings"].values() if "refused" in seating]
    assert all(refused)  # the engine's words
    assert (Match.objects.count(), Player.objects.count()) == before


def test_a_drafts_hand_is_the_one_the_stored_match_opens_with(owner: User, owner_client: Client) -> None:
    """Named as the phone names it, the draft's coming hand is the stored match's, bar its id."""
    for preset in presets_available():
        names = NAMES[:2]
        url = reverse("match-draft", kwargs={"variant": preset.slug, "players": len(names)})
        draft = _named(_coming(owner_client.get(url).content.decode()), names)
        match = match_start_seating(
            game=preset.game, names=names, by=owner, options=dict(preset.options), teams=False
        )
        stored = _coming(owner_client.get(reverse("match", args=[match.pk])).content.decode())
        address = f"/matches/{match.pk}/"
        assert _named(draft, names) == json.loads(json.dumps(stored).replace(address, "/matches/0/")) | {
            "match": 0
        }, preset.slug


def test_a_seating_the_game_refuses_an_unknown_game_and_a_stranger_get_no_draft(
    client: Client, owner: User
) -> None:
    url = reverse("match-draft", kwargs={"variant": "tablo", "players": 2})
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(owner)
    assert client.get(url).status_code == 200
    assert (
        client.get(reverse("match-draft-pairs", kwargs={"variant": "tablo", "players": 2})).status_code == 404
    )
    assert client.get(reverse("match-draft", kwargs={"variant": "tablo", "players": 9})).status_code == 404
    assert client.get("/matches/draft/tablo/99999999999999999999/").status_code == 404  # no names made for it
    assert client.get(reverse("match-draft", kwargs={"variant": "chess", "players": 2})).status_code == 404


def test_the_options_are_typed_as_the_form_types_them(owner_client: Client) -> None:
    for preset in presets_available():
        start = _offline_start(
            owner_client.get(reverse("match-new"), {"variant": preset.slug}).content.decode()
        )
        for values in start["choices"].values():
            assert all(
                str(value) == text or (value is True and text == "True") for text, value in values.items()
            )
    escoba = _offline_start(owner_client.get(reverse("match-new"), {"variant": "escoba"}).content.decode())
    assert {True, False} <= {value for values in escoba["choices"].values() for value in values.values()}
