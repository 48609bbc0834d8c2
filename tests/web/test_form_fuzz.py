"""Hypothesis fills the club-event desk's forms (a new event, entries, check-in, drop, the round, a
table's result, the share link, the live poll) and the rematch button with random, oversized, NUL,
non-ASCII-digit and huge-number values, as the director: every answer is the form's own (a redirect,
the form again with its errors, a 400, 404 or 409), never a 500, and a refused one writes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.clubs.services.clubs import membership_create
from games.events.models import Entry, Table
from games.events.services import round_pair
from games.people.services.players import player_create
from tests.web.test_events import Night, entered, make_night
from web.presets import presets_available

pytestmark = pytest.mark.django_db

JUNK = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "\x00", "1\x00", "²", "٣", "\uff11", "-1", "0", "1", "2", "1e309", "nan", "9" * 40]),
    st.integers().map(str),  # unbounded: past every column
    st.text(min_size=1, max_size=3).map(lambda text: text * 30_000),  # oversized
)


@dataclass(frozen=True, slots=True)
class Form:
    name: str
    method: str
    url: str
    fields: dict[str, list[str]]  # each field's sensible values, mixed with the junk
    answers: frozenset[int]  # every status this form may give
    writes: frozenset[int]  # the statuses after which something may have been written


def _forms(night: Night) -> list[Form]:
    pk, entry = night.event.pk, Entry.objects.filter(event=night.event).first()
    table = Table.objects.filter(round__event=night.event).first()
    assert entry is not None
    assert table is not None
    lou = User.objects.create_user("lou")  # a member not entered yet, for ``player``
    membership_create(club=night.event.club, user=lou)
    member = player_create(name="Lou", by=lou, user=lou)
    moved, refused, re_rendered = frozenset({302}), frozenset({404, 409}), frozenset({422})
    malformed = frozenset({400})  # a NUL in the query string: the request guard's request.malformed
    points = ["0", "1", "3", "99"]
    return [
        Form(
            "a new event",
            "post",
            reverse("event-new", args=[night.event.club_id]),
            {
                "name": ["Friday"],
                "variant": [preset.slug for preset in presets_available()],
                "format": ["swiss", "round_robin", "pods", "partners"],
                "rounds": ["1", "4", "40"],
                "season": [""],
                "win": points,
                "draw": points,
                "loss": points,
                "bye": points,
                "seed": ["", "0", "7", str(2**63 - 1), str(2**63)],  # 2**63: past the column
                "tiebreak_0": ["", "buchholz"],
                "tiebreak_1": ["", "sonneborn_berger"],
                "tiebreak_2": ["", "head_to_head"],
            },
            frozenset({200}) | moved | re_rendered,  # 200: an empty post, the form as a GET shows it
            moved,
        ),
        Form(
            "an entry",
            "post",
            reverse("event-entry-add", args=[pk]),
            {"player": [str(member.pk)], "name": ["Guest 9", "Mia"], "walk_in": ["", "1"]},
            moved | re_rendered | refused,
            moved,
        ),
        *(
            Form(
                action,
                "post",
                reverse(action, args=[pk, entry.pk]),
                {"confirm": ["1"]},
                frozenset({200, 302}),
                frozenset({200, 302}),
            )
            for action in ("event-check-in", "event-check-out", "event-drop")
        ),
        Form(
            "the entries' search",
            "get",
            reverse("event-entries", args=[pk]),
            {"q": ["guest", ""], "pending": ["on", ""], "only": [str(entry.pk)]},
            frozenset({200}) | malformed | refused,
            frozenset(),
        ),
        Form("the next round", "post", reverse("event-round-new", args=[pk]), {}, moved | refused, moved),
        Form(
            "a table's result",
            "post",
            reverse("event-table-result", args=[pk, 1, table.number]),
            {"result": ["win-0", "win-1", "draw"], "place_0": ["1", "2"], "place_1": ["1", "2"]},
            moved | re_rendered,
            moved,
        ),
        Form(
            "the share link", "post", reverse("event-share", args=[pk]), {"enabled": ["0", "1"]}, moved, moved
        ),
        Form(
            "the live poll",
            "get",
            reverse("event-live", args=[pk]),
            {"v": ["0", "1"], "e": [str(pk)], "k": [""], "tv": ["", "1"]},
            frozenset({200, 204}) | malformed,
            frozenset(),
        ),
        Form("a rematch", "post", reverse("match-rematch", args=[table.match_id]), {}, moved, moved),
    ]


def _rows() -> dict[str, list[tuple[Any, ...]]]:
    """Every row the games and events apps store."""
    models = [*apps.get_app_config("games").get_models(), *apps.get_app_config("events").get_models()]
    return {model.__name__: list(model._default_manager.order_by("pk").values_list()) for model in models}


@pytest.fixture
def desk() -> tuple[Client, list[Form]]:
    night = make_night(guests=5)
    entered(night)
    round_pair(event=night.event, by=night.admin)
    client = Client()
    client.force_login(night.admin)
    return client, _forms(night)


def _values(form: Form) -> st.SearchStrategy[dict[str, list[str]]]:
    names = [*form.fields, "unexpected"]
    sensible = {name: st.sampled_from(form.fields.get(name, [""])) for name in names}
    chosen = {name: st.lists(st.one_of(sensible[name], JUNK), max_size=2) for name in names}
    return st.fixed_dictionaries({}, optional=chosen)


FORMS = [
    "a new event",
    "an entry",
    "event-check-in",
    "event-check-out",
    "event-drop",
    "the entries' search",
    "the next round",
    "a table's result",
    "the share link",
    "the live poll",
    "a rematch",
]


@pytest.mark.slow
@pytest.mark.parametrize("name", FORMS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), htmx=st.booleans())
def test_junk_in_a_form_is_answered_by_the_form_never_a_500(
    desk: tuple[Client, list[Form]], name: str, data: st.DataObject, htmx: bool
) -> None:
    client, forms = desk
    (form,) = [each for each in forms if each.name == name]
    values = data.draw(_values(form))
    before = _rows()
    headers = {"HX-Request": "true", "HX-Target": "entry-list"} if htmx else {}
    response = getattr(client, form.method)(form.url, values, headers=headers)
    assert response.status_code in form.answers, (values, response.status_code)
    if response.status_code not in form.writes:
        assert _rows() == before, values  # refused: nothing written, not even in part


def test_a_seed_past_its_column_is_refused_at_its_field(desk: tuple[Client, list[Form]]) -> None:
    """Found by reading the form beside its column: the whole form valid but the seed a 500."""
    client, forms = desk
    (form,) = [each for each in forms if each.name == "a new event"]
    valid = {name: values[0] if name != "name" else "Friday" for name, values in form.fields.items()}
    before = _rows()
    response = client.post(form.url, valid | {"seed": str(2**63)})
    assert response.status_code == 422
    assert "seed" in response.context["form"].errors
    assert _rows() == before
    assert client.post(form.url, valid | {"seed": str(2**63 - 1)}).status_code == 302
