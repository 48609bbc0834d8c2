"""The match screen through the test client: who may see it, and recording a Tablo hand (docs/rules/tablo.md
B5-B8)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Hand, Match, Play

HTMX = {"HX-Request": "true"}


def start_hand(client: Client, match: Match, table: list[str]) -> None:
    response = client.post(reverse("hand-new", args=[match.pk]), {"dealer": 0, "table": table}, headers=HTMX)
    assert response.status_code == 200, response.content.decode()


def test_a_signed_in_player_starts_a_match_by_typing_names(owner_client: Client) -> None:
    response = owner_client.post(
        reverse("match-new"),
        {"variant": "tablo-101", "seat_0": "Marija", "seat_1": "Dragan", "target": "101"},
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("match", args=[match.pk])
    assert match.options["direction"] == "counterclockwise"
    assert match.target == 101
    assert [seat.player.name for seat in match.seats.order_by("number")] == ["Marija", "Dragan"]


def test_a_visitor_must_sign_in_and_an_outsider_sees_nothing(
    client: Client, tablo: Match, outsider: User
) -> None:
    assert client.get(reverse("match", args=[tablo.pk])).status_code == 302
    client.force_login(outsider)
    assert client.get(reverse("match", args=[tablo.pk])).status_code == 404
    assert client.post(reverse("hand-new", args=[tablo.pk]), {"dealer": 0}).status_code == 404


def test_a_hand_starts_with_the_dealer_and_the_table(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert "Dragan</strong> to play" in page  # the dealer's left plays first (B7)
    assert 'id="card-10D" aria-label="10 of diamonds" disabled' in page


def test_a_tap_on_a_card_lists_its_legal_captures_best_first(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    response = owner_client.get(reverse("play-options", args=[tablo.pk]), {"card": "7H"}, headers=HTMX)
    page = response.content.decode()
    assert page.index('value="2C 7S 5H"') < page.index('value="7S"')  # TB-2: the most first
    assert 'value="trail"' in page  # Tablo: capturing is optional


def test_a_play_is_recorded_and_can_be_undone(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    hand = Hand.objects.get()
    response = owner_client.post(
        reverse("play", args=[tablo.pk]),
        {"hand": 1, "card": "7H", "capture": "2C 7S 5H", "expected_seq": 0, "key": "k1"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert Play.objects.get(hand=hand).taken == ["2C", "7S", "5H"]
    assert "Undo the last play" in response.content.decode()
    response = owner_client.post(
        reverse("play-undo", args=[tablo.pk]), {"hand": 1, "expected_seq": 1}, headers=HTMX
    )
    assert response.status_code == 200
    assert not Play.objects.filter(undone_at__isnull=True).exists()


def test_an_illegal_capture_is_refused_with_the_reason(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    response = owner_client.post(
        reverse("play", args=[tablo.pk]),
        {"hand": 1, "card": "KS", "taken": ["10D", "2C"], "expected_seq": 0},
        headers=HTMX,
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "cannot take" in page
    assert 'id="card-KS" aria-label="king of spades" checked' in page  # kept, to correct the capture
    assert 'id="taken-10D" aria-label="10 of diamonds" checked' in page
    assert '<a class="rule-link" href="/rules/tablo/#B8">Rule B8</a>' in page  # the rule it breaks
    assert not Play.objects.exists()


def test_no_card_or_a_key_sent_with_other_cards_is_said_in_the_apps_words(
    owner_client: Client, tablo: Match
) -> None:
    """No raw framework or protocol message reaches the table: a play with no card chosen (the picker
    sent by hand), and a double tap's key sent again with another card."""
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    url = reverse("play", args=[tablo.pk])
    blank = owner_client.post(url, {"hand": 1, "taken": ["10D"], "expected_seq": 0}, headers=HTMX)
    assert "Tap the card that was played first." in blank.content.decode()
    assert "This field is required." not in blank.content.decode()
    owner_client.post(
        url, {"hand": 1, "card": "3H", "capture": "trail", "expected_seq": 0, "key": "k"}, headers=HTMX
    )
    again = owner_client.post(
        url, {"hand": 1, "card": "4H", "capture": "trail", "expected_seq": 0, "key": "k"}, headers=HTMX
    )
    assert (
        "This was already sent once with different content; reload and try again." in again.content.decode()
    )
    assert "idempotency" not in again.content.decode().lower()
    assert Play.objects.count() == 1


def test_a_stale_phone_is_told_the_hand_moved_on(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    play = {"hand": 1, "card": "3H", "capture": "trail", "expected_seq": 0}
    owner_client.post(reverse("play", args=[tablo.pk]), play, headers=HTMX)
    response = owner_client.post(reverse("play", args=[tablo.pk]), {**play, "card": "4H"}, headers=HTMX)
    assert response.status_code == 409
    assert Play.objects.count() == 1


def test_a_poll_answers_204_until_something_changes(owner_client: Client, tablo: Match) -> None:
    url = reverse("match-live", args=[tablo.pk])
    first = owner_client.get(url, headers=HTMX)
    version = first.content.decode().split('"v": "')[1].split('"')[0]
    assert owner_client.get(url, {"v": version}, headers=HTMX).status_code == 204
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    assert owner_client.get(url, {"v": version}, headers=HTMX).status_code == 200


def test_the_quick_entry_is_checked_live_and_scores_the_hand(owner_client: Client, tablo: Match) -> None:
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    counts = {"hand": 1, "cards_0": 30, "point_cards_0": 12, "tablos_0": 1}
    bad = {**counts, "tablos_1": 20}  # 20 tablos take at least 40 cards; Dragan has the other 22
    check = owner_client.get(reverse("summary-check", args=[tablo.pk]), bad, headers=HTMX).content.decode()
    assert "do not add up" in check
    good = {**counts, "cards_1": 22, "point_cards_1": 10, "tablos_1": 0}
    check = owner_client.get(reverse("summary-check", args=[tablo.pk]), good, headers=HTMX).content.decode()
    assert "The counts add up." in check
    response = owner_client.post(reverse("summary", args=[tablo.pk]), good, headers=HTMX)
    assert response.status_code == 200
    tablo.refresh_from_db()
    assert tablo.totals == [15, 10]  # 12 + 3 for 29+ cards (B11); 10 + 0


def test_a_share_link_shows_the_match_to_anyone_read_only(owner_client: Client, tablo: Match) -> None:
    owner_client.post(reverse("match-share", args=[tablo.pk]), {"enabled": "1"})
    tablo.refresh_from_db()
    visitor = Client()
    page = visitor.get(reverse("match-shared", args=[tablo.share_token])).content.decode()
    assert "Score sheet" in page
    assert "Start the hand" not in page
    live = visitor.get(reverse("match-shared-live", args=[tablo.share_token]), headers=HTMX)
    assert live.status_code == 200
    assert visitor.get(reverse("match-shared", args=["not-a-token"])).status_code == 404


def test_an_abandoned_match_says_so_and_takes_no_more_hands(owner_client: Client, tablo: Match) -> None:
    owner_client.post(reverse("match-abandon", args=[tablo.pk]))
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert "This match was abandoned." in page
    assert "Start the hand" not in page


def test_home_lists_my_matches_in_progress(owner_client: Client, tablo: Match) -> None:
    page = owner_client.get(reverse("home")).content.decode()
    assert reverse("match", args=[tablo.pk]) in page
    assert "Marija, Dragan" in page


def test_a_hand_scored_from_the_counts_starts_without_table_cards(owner_client: Client, tablo: Match) -> None:
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert "From the counts at the end (no table cards needed)" in page
    response = owner_client.post(
        reverse("hand-new", args=[tablo.pk]), {"dealer": 0, "mode": "summary"}, headers=HTMX
    )
    page = response.content.decode()
    assert response.status_code == 200, page
    assert Hand.objects.get().mode == Hand.Mode.SUMMARY
    assert "to be scored from the counts at the end" in page
    assert 'name="card"' not in page  # no plays: the counts close it
    counts = {"hand": 1, "cards_0": 30, "point_cards_0": 12, "tablos_0": 1}
    counts |= {"cards_1": 22, "point_cards_1": 10, "tablos_1": 0}
    assert owner_client.post(reverse("summary", args=[tablo.pk]), counts, headers=HTMX).status_code == 200
    tablo.refresh_from_db()
    assert tablo.totals == [15, 10]


def test_the_first_hand_is_dealt_by_lot_and_each_side_has_its_colour(
    owner_client: Client, tablo: Match
) -> None:
    """docs/rules/shared.md A4: the first dealer by lot (the draw is offered for hand 1 only); each side's
    dot on the sides and on the last play (docs/ui.md)."""
    first = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert 'data-draw="dealer"' in first
    start_hand(owner_client, tablo, ["10D", "2C", "7S", "5H"])
    response = owner_client.post(
        reverse("play", args=[tablo.pk]),
        {"hand": 1, "card": "7H", "capture": "2C 7S 5H", "expected_seq": 0, "key": "k1"},
        headers=HTMX,
    )
    page = response.content.decode()
    assert page.count('class="side-dot" data-side="0"') + page.count('class="side-dot" data-side="1"') == 3
    assert '<p><span class="side-dot" data-side="1" aria-hidden="true"></span>' in page  # Dragan (seat 1)


def test_a_seat_may_have_an_emoji_shown_before_its_name(owner_client: Client) -> None:
    """docs/ui.md, Players you can tell apart: one emoji per seat, optional, on the sides and the log."""
    form = {"variant": "tablo-101", "seat_0": "Marija", "seat_1": "Dragan", "target": "101"}
    refused = owner_client.post(reverse("match-new"), {**form, "emoji_0": "🦊🦊", "emoji_1": "x"})
    assert refused.content.decode().count("Type one emoji, or leave it empty.") == 2
    assert not Match.objects.exists()
    response = owner_client.post(reverse("match-new"), {**form, "emoji_1": "🦉", "emoji_2": "🐻"})
    match = Match.objects.get()
    assert response["Location"] == reverse("match", args=[match.pk])
    assert [seat.emoji for seat in match.seats.order_by("number")] == ["", "🦉"]  # seat 3 is empty
    start_hand(owner_client, match, ["10D", "2C", "7S", "5H"])
    play = {"hand": 1, "card": "7H", "capture": "2C 7S 5H", "expected_seq": 0, "key": "k1"}
    page = owner_client.post(reverse("play", args=[match.pk]), play, headers=HTMX).content.decode()
    assert 'aria-hidden="true"></span>🦉 Dragan</span>' in page  # the sides
    assert "🦉 Dragan played" in page  # the last play


def test_the_screen_between_hands_has_each_id_once(owner_client: Client, tablo: Match) -> None:
    """The next hand's form, the hidden next hand and the waiting plays' panel share no id (the phone's
    own next-hand form offline is given its own: static/js/offline_hand_end.js)."""
    page = owner_client.get(reverse("match", args=[tablo.pk])).content.decode()
    assert 'id="hand-new-title"' in page
    assert 'id="offline-queue"' in page
    ids = re.findall(r'\sid="([^"]+)"', re.sub(r"<template[\s\S]*?</template>", "", page))
    assert len(ids) > 100
    assert not [each for each in set(ids) if ids.count(each) > 1]
