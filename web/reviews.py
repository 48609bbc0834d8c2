"""The hand review as people read it: each play in a sentence, missed plays first, and each
player's totals, on a hand's review screen and summed on a finished match's screen.

Nothing here rates a play: the engine's review (``games.matches.reviews``) does; this module words it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.errors import ReviewNoPlays
from games.labels import card_label, cards_label
from games.matches.reviews import hand_review
from games.matches.selectors.hands import hand_numbers
from games.matches.selectors.scoreboards import sides_of_match
from games.messages import violation_text
from games.models import Hand, Match
from games.presentation import presentation_of, shared
from games.rule_links import rule_url
from games.rules.capture.capturing import CAPTURE_GAMES
from games.rules.cards import Card
from games.rules.errors import RuleViolation
from games.rules.review import HandReview, PlayReview
from games.stats.models import HandReviewSeat
from games.stats.reviews import ReviewTotals, review_rows, reviewable_hands, totals_of
from web.presets import preset_of_match
from web.screens import seat_name


def sweep_article(game: str) -> str:
    """ "a tablo", "an escoba", "a tamlin": what a play that takes the whole table is (B9, E7, T12)."""
    return str(presentation_of(game).sweep_article or shared.A_SWEEP)


def _took(name: str, card: Card, taken: Sequence[Card], game: str) -> str:
    if game not in CAPTURE_GAMES:  # Twenty: every card goes on the tally, nothing is taken (W4)
        return _("%(name)s played %(card)s") % {"name": name, "card": card_label(card)}
    if not taken:
        return _("%(name)s played %(card)s and took nothing") % {"name": name, "card": card_label(card)}
    return _("%(name)s played %(card)s and took %(taken)s") % {
        "name": name,
        "card": card_label(card),
        "taken": cards_label(taken),
    }


def lost_words(play: PlayReview, game: str) -> str:
    """What the best play would have had more: "1 point more (and 2 more cards)", a sweep said as one."""
    best, made, lost = play.best_play.value, play.value, play.points_lost - play.penalty
    points = (
        ngettext("%(count)s point more", "%(count)s points more", lost) % {"count": lost}
        if lost
        else _("no more points")
    )
    cards = best.cards - made.cards
    if cards > 0:
        more = ngettext("%(count)s more card", "%(count)s more cards", cards) % {"count": cards}
        points = _("%(points)s (and %(cards)s)") % {"points": points, "cards": more}
    if best.sweep and not made.sweep:
        return _("%(sweep)s missed: %(points)s") % {"sweep": sweep_article(game), "points": points}
    return points


def play_sentence(play: PlayReview, name: str, game: str) -> str:
    """ "Play 12: Ana played 7♠ and took nothing; K♣ could have taken 10♦ 2♣: a tablo missed: 3 points
    more (and 3 more cards)". What was lost leads; an illegal play that stood is said so, and one a
    challenge caught with the challenger's points (Escoba 3.2(g))."""
    made = _("Play %(number)s: %(took)s") % {
        "number": play.play_index + 1,
        "took": _took(name, play.card, play.taken_back or play.taken, game),
    }
    if play.illegal:
        made = _("%(made)s, and this capture broke the rules (nobody challenged)") % {"made": made}
    elif play.caught:
        made = _caught(made, play)
    if not play.missed:
        return _("%(made)s: the best play.") % {"made": made}
    best = play.best_play
    lost = lost_words(play, game)
    if best.taken:
        could = _("%(card)s could have taken %(taken)s: %(lost)s") % {
            "card": card_label(best.card),
            "taken": cards_label(best.taken),
            "lost": lost,
        }
    elif best.card != play.card or best.value != play.value:
        could = _("%(card)s could have been played instead: %(lost)s") % {
            "card": card_label(best.card),
            "lost": lost,
        }
    else:
        could = _("the legal play was %(card)s taking nothing") % {"card": card_label(best.card)}
    return _("%(made)s; %(could)s.") % {"made": made, "could": could}


def _caught(made: str, play: PlayReview) -> str:
    """A mistake a challenge caught, with what the challenger scored for it (Escoba 3.2(g))."""
    words = {"made": made, "points": play.penalty}
    if play.taken_back:
        return (
            _(
                "%(made)s against the rules: a challenge caught it, the capture was taken back and the "
                "challenger scored %(points)s"
            )
            % words
        )
    return _("%(made)s against the rules: a challenge caught it and the challenger scored %(points)s") % words


BIGGEST = 3  # the misses the screen leads with


def _miss_rule(game: str, play: PlayReview) -> tuple[str, str]:
    """The rule a missed play is measured by (the engine's :attr:`PlayReview.rule`: the sweep's, the
    counted cards', a Tamlin Jack's, the captures', a challenge's), and its anchor."""
    return play.rule, rule_url(game, play.rule) if play.rule else ""


def dispute_link(match: Match, play: PlayReview) -> str:
    """The dispute checker on the table as it was before ``play``, with its card and what it took, under
    the offered variant closest to the match's options (none for a game without captures)."""
    preset = preset_of_match(match.game, match.options)
    if preset is None or not preset.captures:
        return ""
    query = [
        ("variant", preset.slug),
        *(("table", str(card)) for card in play.table),
        ("card", str(play.card)),
        *(("taken", str(card)) for card in play.taken),
    ]
    return f"{reverse('dispute')}?{urlencode(query)}"


@dataclass(frozen=True, slots=True)
class PlayLine:
    """A reviewed play in words, the table before it, and what it missed."""

    text: str
    table: tuple[Card, ...]
    missed: bool
    points_lost: int = 0
    rule: str = ""  # what a missed or illegal play is measured by (_miss_rule)
    rule_url: str = ""
    dispute_url: str = ""  # the dispute checker on the table as it was before this play (dispute_link)


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's review totals in the hand."""

    name: str
    totals: ReviewTotals
    illegal_plays: int = 0
    url: str = ""  # the player's statistics in the match's club (a match without a club has none)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReviewScreen:
    """A hand's review, or why it has none (``reason``)."""

    hand: Hand
    numbers: tuple[int, ...]  # the match's hands, for moving between their reviews
    reason: str = ""
    missed: tuple[PlayLine, ...] = ()  # the biggest misses first (most points lost, play order on ties)
    others: tuple[PlayLine, ...] = ()
    players: tuple[PlayerLine, ...] = ()

    @property
    def biggest(self) -> tuple[PlayLine, ...]:
        """The costliest missed plays."""
        return self.missed[:BIGGEST]

    @property
    def other_missed(self) -> tuple[PlayLine, ...]:
        """The other missed plays."""
        return self.missed[BIGGEST:]

    @property
    def previous(self) -> int | None:
        """The number of the previous reviewed hand, if any."""
        earlier = [number for number in self.numbers if number < self.hand.number]
        return earlier[-1] if earlier else None

    @property
    def next(self) -> int | None:
        """The number of the next reviewed hand, if any."""
        return next((number for number in self.numbers if number > self.hand.number), None)


def seat_names(match: Match) -> dict[int, str]:
    """Each seat's player's name, after the seat's emoji if it has one."""
    return {seat.number: seat_name(seat) for side in sides_of_match(match) for seat in side}


def seat_urls(match: Match) -> dict[int, str]:
    """Each seat's player's statistics page in the match's club, for the review to link its names to."""
    if match.club_id is None:
        return {}
    seats = (seat for side in sides_of_match(match) for seat in side)
    return {seat.number: reverse("stats-player", args=[match.club_id, seat.player_id]) for seat in seats}


def review_screen(match: Match, hand: Hand) -> ReviewScreen:
    """What the review screen of ``hand`` shows."""
    numbers = hand_numbers(match=match)
    try:
        reviewed = hand_review(hand)
    except (ReviewNoPlays, RuleViolation) as error:
        return ReviewScreen(hand=hand, numbers=numbers, reason=violation_text(error))
    names = seat_names(match)
    lines = [
        PlayLine(
            play_sentence(play, names.get(play.seat, "?"), match.game),
            play.table,
            play.missed,
            play.points_lost,
            *_miss_rule(match.game, play),
            dispute_link(match, play),
        )
        for play in reviewed.plays
    ]
    missed = sorted((line for line in lines if line.missed), key=lambda line: -line.points_lost)
    return ReviewScreen(
        hand=hand,
        numbers=numbers,
        missed=tuple(missed),
        others=tuple(line for line in lines if not line.missed),
        players=_players(reviewed, names, seat_urls(match)),
    )


def _players(
    reviewed: HandReview, names: Mapping[int, str], urls: Mapping[int, str]
) -> tuple[PlayerLine, ...]:
    return tuple(
        PlayerLine(
            names.get(seat.seat, "?"),
            ReviewTotals(1, seat.plays, seat.best_plays, seat.points_missed),
            seat.illegal_plays + seat.caught_plays,
            urls.get(seat.seat, ""),
        )
        for seat in reviewed.seats
    )


def match_review_lines(match: Match) -> tuple[PlayerLine, ...]:
    """Each player's review summed over the match's hands recorded play by play (stored by the follow-up
    task; a hand whose rows are not stored yet is reviewed now)."""
    hands = list(reviewable_hands(match))
    if not hands:
        return ()
    rows: dict[int, list[HandReviewSeat]] = {}
    for row in review_rows(hands):
        rows.setdefault(row.seat, []).append(row)
    stored = {row.hand_id for seat_rows in rows.values() for row in seat_rows}
    totals = {seat: totals_of(seat_rows) for seat, seat_rows in rows.items()}
    for hand in hands:
        if hand.pk not in stored:
            hand.match = match
            for seat in hand_review(hand).seats:
                more = ReviewTotals(1, seat.plays, seat.best_plays, seat.points_missed)
                totals[seat.seat] = totals.get(seat.seat, ReviewTotals()) + more
    names, urls = seat_names(match), seat_urls(match)
    return tuple(
        PlayerLine(names.get(seat, "?"), totals[seat], url=urls.get(seat, "")) for seat in sorted(totals)
    )
