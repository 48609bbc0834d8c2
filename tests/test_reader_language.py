"""Browsers of Serbia's neighbours, whose languages have no catalogue yet, get Serbian Latin
(scorekeeper/languages.py; docs/languages.md, "How a language is chosen")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation


def _sign_in_words(code: str) -> str:
    with translation.override(code):
        return translation.gettext("Sign in")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("browser", "lang"),
    [
        ("hr", "sr-Latn"),
        ("hr-HR,hr;q=0.9,en-US;q=0.8,en;q=0.7", "sr-Latn"),
        ("bs-BA", "sr-Latn"),
        ("cnr", "sr-Latn"),
        ("sr-ME", "sr-Latn"),
        ("sr-Latn-RS", "sr-Latn"),
        ("sr-Cyrl-ME", "sr"),  # the script said wins over the region's
        ("sr-RS", "sr"),
        ("de-DE,hr;q=0.5", "sr-Latn"),  # the first language the app speaks, in the browser's order
        ("en-GB,hr;q=0.5", "en"),
        ("de-DE", "en"),
    ],
)
def test_the_browsers_language_picks_the_script(client: Client, browser: str, lang: str) -> None:
    page = client.get(reverse("home"), headers={"Accept-Language": browser}).content.decode()
    assert f'<html lang="{lang}">' in page
    assert f">{_sign_in_words(lang.lower())}</a>" in page


@pytest.mark.django_db
def test_the_language_chosen_in_the_menu_wins_over_the_browsers(client: Client) -> None:
    client.post(reverse("set_language"), {"language": "sr", "next": reverse("home")})
    page = client.get(reverse("home"), headers={"Accept-Language": "hr"}).content.decode()
    assert '<html lang="sr">' in page


def test_the_api_speaks_serbian_latin_to_a_bosnian_browser(client: Client) -> None:
    english = client.get("/api/v1/no-such-thing/").json()["message"]
    answer = client.get("/api/v1/no-such-thing/", headers={"Accept-Language": "bs"})
    with translation.override("sr-latn"):
        assert answer.json()["message"] == translation.gettext(english) != english
