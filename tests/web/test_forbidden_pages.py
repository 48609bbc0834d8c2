"""The 403 page says what was refused: a club's statistics are not a match."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games.services.clubs import club_create
from tests.web.conftest import PASSWORD


def test_a_club_outsider_is_told_about_the_club_not_a_match(client: Client, owner: User) -> None:
    club = club_create(name="Elsewhere", by=User.objects.create_user("stranger", password=PASSWORD))
    client.force_login(owner)
    for language, club_words, match_words in (
        ("en", "Only the club's members see its standings", "Whoever records the match"),
        ("ru", "Таблицу и игроков клуба видят только", "ведёт партию"),
    ):
        response = client.get(f"/clubs/{club.pk}/standings/", headers={"accept-language": language})
        assert response.status_code == 403
        text = response.content.decode()
        assert club_words in text.replace("&#x27;", "'")
        assert match_words not in text
