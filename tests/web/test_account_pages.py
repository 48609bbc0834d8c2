"""The pages of one's own data (docs/accounts.md): the download page and its two downloads, and the
delete page, which says what goes and what stays before it asks for the password."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from games.matches.services.matches import match_start
from games.models import Match, Player
from games.people.services.players import player_create
from scorekeeper.throttles import AccountDeleteThrottle
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _body(response: Any) -> bytes:  # Any: the test client's response
    assert response.streaming  # sent as it is read
    return b"".join(response.streaming_content)


def _own_match(owner: User) -> Match:
    players = [player_create(name="Marija", by=owner, user=owner), player_create(name="Baka", by=owner)]
    return match_start(game="tablo", players=players, by=owner)


def test_the_account_page_links_both_pages(owner_client: Client) -> None:
    page = owner_client.get("/account/").content.decode()
    assert 'href="/account/data/"' in page
    assert 'href="/account/delete/"' in page


def test_the_data_page_offers_json_and_csv(owner_client: Client) -> None:
    page = owner_client.get("/account/data/").content.decode()
    assert 'href="/account/data/json/"' in page
    assert 'href="/account/data/csv/"' in page


def test_both_downloads_stream_the_account_data(owner_client: Client, owner: User) -> None:
    match = _own_match(owner)
    response = owner_client.get("/account/data/json/")
    data = json.loads(_body(response))
    assert [row["id"] for row in data["matches"]] == [match.pk]
    response = owner_client.get("/account/data/csv/")
    archive = zipfile.ZipFile(io.BytesIO(_body(response)))
    assert "matches.csv" in archive.namelist()
    assert owner_client.get("/account/data/xml/").status_code == 404


def test_signed_out_both_pages_ask_to_sign_in(client: Client) -> None:
    for path in ("/account/data/", "/account/data/json/", "/account/delete/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


def test_the_delete_page_says_what_goes_and_what_stays(owner_client: Client, owner: User) -> None:
    _own_match(owner)
    page = owner_client.get("/account/delete/").content.decode()
    assert "What goes" in page
    assert "What stays" in page
    assert "1 match of your own" in page
    assert 'type="password"' in page


def test_a_wrong_password_keeps_the_account(owner_client: Client, owner: User) -> None:
    response = owner_client.post("/account/delete/", {"password": "not-it"})
    assert response.status_code == 400
    assert "That is not your password." in response.content.decode()
    assert User.objects.filter(pk=owner.pk).exists()


def test_the_right_password_deletes_the_account_and_signs_out(owner_client: Client, owner: User) -> None:
    _own_match(owner)
    response = owner_client.post("/account/delete/", {"password": PASSWORD}, follow=True)
    assert response.redirect_chain[0][0] == "/"
    assert "Your account is deleted." in response.content.decode()
    assert not User.objects.filter(pk=owner.pk).exists()
    assert not Match.objects.exists()
    assert not Player.objects.exists()
    assert not response.wsgi_request.user.is_authenticated


def test_tries_are_throttled(owner_client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AccountDeleteThrottle, "THROTTLE_RATES", {"account_delete": "1/hour"})
    assert owner_client.post("/account/delete/", {"password": "no"}).status_code == 400
    assert owner_client.post("/account/delete/", {"password": PASSWORD}).status_code == 429
