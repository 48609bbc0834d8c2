"""The 403 page says what was refused; a club's statistics are never refused with it: to anyone but its
members the club does not exist (404), and the page names nothing of it."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games.clubs.services.clubs import club_create
from tests.web.conftest import PASSWORD


def test_a_club_outsider_is_answered_as_if_there_were_no_such_club(client: Client, owner: User) -> None:
    club = club_create(name="Elsewhere", by=User.objects.create_user("stranger", password=PASSWORD))
    client.force_login(owner)
    for language in ("en", "ru"):
        response = client.get(f"/clubs/{club.pk}/standings/", headers={"accept-language": language})
        assert response.status_code == 404
        assert "Elsewhere" not in response.content.decode()
