"""The installable app through the test client: manifest, service worker, offline page, and the open
hand's state that the match screen's offline recording reads (README.md, On a phone)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.matches.services.hands import hand_start, hand_summary_record
from games.matches.services.matches import match_share
from games.matches.services.plays import hand_play_record
from games.models import Match
from tests.web.conftest import start_match

NO_NETWORK = "No network"  # templates/pwa/offline.html's heading


def test_the_manifest_makes_the_app_installable(client: Client) -> None:
    response = client.get(reverse("manifest"))
    body = response.json()
    assert response["Content-Type"] == "application/manifest+json"
    assert (body["name"], body["start_url"], body["display"]) == (
        "Scorekeeper: card game scores",
        "/",
        "standalone",
    )
    assert {(icon["sizes"], icon["purpose"]) for icon in body["icons"]} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in body["icons"]:
        found = finders.find(icon["src"].removeprefix(settings.STATIC_URL))
        assert isinstance(found, str)
        assert Path(found).read_bytes().startswith(b"\x89PNG")


def test_every_page_links_the_manifest_and_icons(client: Client) -> None:
    page = client.get(reverse("home")).content.decode()
    for link in ('rel="manifest"', 'rel="icon"', 'rel="apple-touch-icon"', 'name="theme-color"'):
        assert link in page


def test_the_service_worker_is_served_from_the_root_with_its_shell(client: Client) -> None:
    response = client.get(reverse("service-worker"))
    body = response.content.decode()
    assert response["Content-Type"] == "text/javascript"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", body).group(1))  # type: ignore[union-attr]
    offline = {f"/offline/?language={code}" for code, _name in settings.LANGUAGES}
    assert {"/static/js/offline.js", "/static/css/app.css", "/manifest.webmanifest", *offline} <= set(shell)
    assert re.search(r'const VERSION = "[0-9a-f]{12}";', body)


def test_the_shell_holds_every_script_and_stylesheet_a_page_loads(owner_client: Client, tablo: Match) -> None:
    body = owner_client.get(reverse("service-worker")).content.decode()
    shell = set(json.loads(re.search(r"const SHELL = (\[.*?\]);", body).group(1)))  # type: ignore[union-attr]
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    loaded = set(re.findall(r'<script src="([^"]+)"', page)) | set(
        re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    )
    assert loaded
    assert loaded <= shell


def test_the_offline_page_speaks_russian(client: Client) -> None:
    response = client.get(reverse("offline"), headers={"Accept-Language": "ru"})
    assert "Экраны партий, которые вы уже открывали" in response.content.decode()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["sr-latn", "it"])
def test_the_offline_page_speaks_the_language_its_address_names(client: Client, language: str) -> None:
    """The service worker keeps one per language; the reader's own language does not change it."""
    response = client.get(reverse("offline"), {"language": language}, headers={"Accept-Language": "ru"})
    with translation.override(language):
        heading = translation.gettext(NO_NETWORK)
    assert f"<h1>{heading}</h1>" in response.content.decode()
    assert response["Content-Language"] == language


def _offline_state(page: str) -> dict[str, Any]:
    found = re.search(r'data-offline="([^"]*)"', page)
    assert found is not None
    state: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return state


def test_the_open_hand_carries_what_offline_recording_needs(owner_client: Client, owner: User) -> None:
    match = start_match(owner, names=("Marija", "Dragan", "Ana"), direction="counterclockwise")
    hand = hand_start(match=match, dealer=0, table=["10D", "2C", "7S", "5H"])
    recorded = hand_play_record(hand=hand, seat=2, card="7H", taken=["7S"], expected_seq=0)
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    state = _offline_state(page)
    engine = {key: state.pop(key) for key in ("game", "options", "setup", "log")}  # the engine's input
    assert engine["game"] == "tablo"
    assert engine["options"]["direction"] == "counterclockwise"
    assert engine["setup"]["dealer"] == 0
    assert engine["setup"]["table"] == ["10D", "2C", "7S", "5H"]
    assert engine["log"] == [{"seat": 2, "card": "7H", "taken": ["7S"]}]
    # the end of the hand offline (static/js/offline_hand_end.js): no hand closed yet, three sides
    end = {key: state.pop(key) for key in ("reports", "sides", "first_dealer", "entry", "hands_api")}
    assert end == {
        "reports": [],
        "sides": 3,
        "first_dealer": match.first_dealer,
        "entry": {"awards": False, "keys": ["cards", "point_cards", "tablos"], "totals": {}},
        "hands_api": f"/api/v1/matches/{match.pk}/hands/",
    }
    assert state == {
        "match": match.pk,
        "hand": 1,
        "seq": 1,
        "revision": recorded.revision,
        "seat": 1,
        "seats": ["Marija", "Dragan", "Ana"],
        "direction": -1,
        "table": ["10D", "2C", "5H"],
        "plays": [{"seq": 0, "seat": 2, "card": "7H", "taken": ["7S"]}],
        "captures": True,
        "compulsory": False,
        "api": f"/api/v1/matches/{match.pk}/hands/1/",
        "live": f"/matches/{match.pk}/live/",
        "coming": False,
    }
    assert 'id="offline-queue-root"' in page


def test_between_hands_the_next_hand_is_drawn_hidden_for_the_phone_to_start(
    owner_client: Client, owner: User
) -> None:
    """A new match, then after hand 1: the next hand, not started, is on the page (hidden), for the
    phone to start and play offline (static/js/offline_hand_end.js)."""
    match = start_match(owner, names=("Marija", "Dragan"))
    page = owner_client.get(reverse("match", args=[match.pk])).content.decode()
    assert re.search(r'<section aria-labelledby="hand-title" class="hand stack" hidden data-coming', page)
    state = _offline_state(page)
    assert (state["hand"], state["coming"], state["setup"]["dealer"]) == (1, True, match.first_dealer)
    assert (state["reports"], state["plays"], state["log"], state["setup"]["table"]) == ([], [], [], [])

    hand = hand_start(match=match, dealer=0, table=["10D", "2C", "7S", "5H"])
    counts = [{"cards": 30, "point_cards": 12, "tablos": 1}, {"cards": 22, "point_cards": 10, "tablos": 0}]
    hand_summary_record(hand=hand, entries=counts)
    state = _offline_state(owner_client.get(reverse("match", args=[match.pk])).content.decode())
    assert (state["hand"], state["coming"], state["setup"]["dealer"]) == (2, True, 1)
    assert len(state["reports"]) == 1
    assert state["setup"]["sweeps_before"] == [1, 0]


def test_the_read_only_screen_has_no_offline_recording(client: Client, tablo: Match) -> None:
    hand_start(match=tablo, dealer=0, table=["10D", "2C", "7S", "5H"])
    token = match_share(match=tablo, enabled=True).share_token
    page = client.get(reverse("match-shared", args=[token])).content.decode()
    assert "data-offline=" not in page
    assert "offline-queue-root" not in page


def test_the_waiting_count_is_in_russian_plural_forms(owner_client: Client, tablo: Match) -> None:
    page = owner_client.get(reverse("match", args=[tablo.pk]), headers={"Accept-Language": "ru"})
    text = page.content.decode()
    for form in ("{n} ход ждёт отправки", "{n} хода ждут отправки", "{n} ходов ждут отправки"):
        assert form in text


def test_the_offline_conflict_speaks_russian(owner_client: Client, tablo: Match) -> None:
    page = owner_client.get(reverse("match", args=[tablo.pk]), headers={"Accept-Language": "ru"})
    text = page.content.decode()
    for phrase in (
        "Другой телефон записал этот же ход: удалить мой",
        "Добавить мои после их ходов",
        "Некоторые мои ходы будут записаны не за тем игроком, который их сделал",
        "(будет записан как ход игрока {name})",
    ):
        assert phrase in text


def test_the_open_hand_carries_the_closed_hands_reports(owner_client: Client, owner: User) -> None:
    """The engine's ``match`` call takes them, to tell where the match stands after a hand scored offline."""
    match = start_match(owner, names=("Marija", "Dragan"))
    first = hand_start(match=match, dealer=0, table=["10D", "2C", "7S", "5H"])
    hand_summary_record(
        hand=first,
        entries=[
            {"cards": 30, "point_cards": 12, "tablos": 1},
            {"cards": 22, "point_cards": 10, "tablos": 0},
        ],
    )
    hand_start(match=match, dealer=1, table=["AS", "3D", "8C", "QH"])
    state = _offline_state(owner_client.get(reverse("match", args=[match.pk])).content.decode())
    assert [[side["total"] for side in report["sides"]] for report in state["reports"]] == [[15, 10]]
    assert state["entry"]["totals"] == {"cards": 52, "point_cards": 22}
