"""Every refusal the match screen can meet is said in the project's own words, in every language the app
speaks: no framework default ("This field is required.") and no protocol message reaches a player."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from rest_framework import fields as drf_fields
from rest_framework import serializers

from games.matches.services.hands import hand_start
from games.models import Match
from tests.web.conftest import start_match

TABLE = ["10D", "2C", "7S", "5H"]
LANGUAGES = [code for code, _name in settings.LANGUAGES]


def _defaults(module: object, base: type) -> Iterator[str]:
    for kind in vars(module).values():
        if isinstance(kind, type) and issubclass(kind, base):
            for message in getattr(kind, "default_error_messages", {}).values():
                yield str(message)


def _framework_words() -> set[str]:
    """The framework's own error messages in the active language, cut at their first placeholder."""
    messages = [*_defaults(forms.fields, forms.Field), *_defaults(drf_fields, drf_fields.Field)]
    messages += [*_defaults(serializers, serializers.Field)]
    cut = {re.split(r"%\(|\{", message)[0].strip() for message in messages}
    return {text for text in cut if len(text) > 12}


@pytest.fixture
def dealt(owner: User) -> Match:
    match = start_match(owner)
    hand_start(match=match, dealer=0, table=TABLE)
    return match


def _refusals(pk: int) -> list[tuple[str, dict[str, object]]]:
    play, seq = f"/matches/{pk}/play/", {"hand": "1", "expected_seq": "0", "seat": "1"}
    return [
        (play, {**seq, "card": "", "taken": ["10D"], "capture": ""}),  # the manual picker, no card tapped
        (play, {**seq, "card": "", "capture": ""}),
        (play, {"hand": "1", "card": "7H", "capture": "trail"}),  # a page without its sequence
        (play, {**seq, "card": "7H", "taken": ["2C"], "capture": ""}),  # an illegal capture
        (play, {**seq, "card": "ZZ", "capture": "trail"}),
        (play, {**seq, "expected_seq": "5", "card": "7H", "capture": "trail"}),  # another phone played
        (f"/matches/{pk}/undo/", {"hand": "1", "expected_seq": "0"}),
        (f"/matches/{pk}/undo/", {"hand": "1"}),
        (f"/matches/{pk}/challenge/", {"hand": "1", "expected_seq": "0", "seat": "0", "play_seq": "0"}),
        (f"/matches/{pk}/finish/", {"hand": "1"}),
        (f"/matches/{pk}/hands/", {"dealer": "7", "table": "XX"}),
        (f"/matches/{pk}/hands/", {}),
    ]


def _alert(client: Client, url: str, data: dict[str, object]) -> str:
    answer = client.post(url, data, HTTP_HX_REQUEST="true")
    assert answer.status_code in (200, 409, 422), (url, data, answer.status_code)
    text = answer.content.decode()
    found = re.search(r'<div class="alert error" role="alert"><p>(.*?)</p>', text, re.S)
    assert found, f"{url} {data}: no refusal shown"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_refusal_of_the_match_screen_is_in_the_project_s_words(
    owner_client: Client, dealt: Match, language: str
) -> None:
    owner_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    with translation.override(language):
        framework = _framework_words()
    for url, data in _refusals(dealt.pk):
        said = _alert(owner_client, url, data)
        raw = [words for words in framework if words in said]
        assert not raw, f"{url} {data}: the framework's words {raw} in {said!r}"
        assert language == "en" or "try again" not in said, f"{url} {data}: untranslated {said!r}"


def test_a_key_sent_again_with_another_play_is_said_in_the_project_s_words(
    owner_client: Client, dealt: Match
) -> None:
    play = f"/matches/{dealt.pk}/play/"
    first = {"hand": "1", "expected_seq": "0", "seat": "1", "card": "7H", "capture": "trail", "key": "k1"}
    owner_client.post(play, first, HTTP_HX_REQUEST="true")
    said = _alert(owner_client, play, {**first, "expected_seq": "1", "card": "8H"})
    assert "idempotency" not in said.casefold()
    assert said, said
