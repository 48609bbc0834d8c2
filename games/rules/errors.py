"""Rule violations: one exception class per fault, each with a stable dotted code.

Codes are part of the public API: never rename one once shipped (docs/errors.md lists them).
Messages are English templates marked for translation; the API layer translates them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction by ``makemessages`` without importing Django."""
    return message


class CodedError(Exception):
    """An error with a stable dotted ``code``, its facts, and a message template filled from them."""

    code: ClassVar[str] = "error"
    template: ClassVar[str] = gettext_noop("Something is wrong.")

    def __init__(self, **facts: object) -> None:
        self.facts: dict[str, object] = facts
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The template filled with the facts, in English."""
        return self.template.format(**self.facts)


LABEL_FACTS = frozenset({"what"})
"""Facts whose values are English labels (from :func:`label`), translated along with the message."""

_COUNT_LABELS: dict[str, str] = {}
COUNT_LABELS: Mapping[str, str] = MappingProxyType(_COUNT_LABELS)
"""Every registered game's quick-entry counts in words, by key (each game's ``count_labels``, added by
:func:`~games.rules.registry.register`)."""


def count_label_clashes(labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """The keys of ``labels`` already labelled otherwise, each with its label."""
    return [(key, _COUNT_LABELS[key]) for key in labels if _COUNT_LABELS.get(key, labels[key]) != labels[key]]


def add_count_labels(labels: Mapping[str, str]) -> None:
    """Add a registered game's count labels (:func:`count_label_clashes` has found none)."""
    _COUNT_LABELS.update(labels)


def label(key: str) -> str:
    """A summary count's name in words, for messages (the key itself stays in the facts)."""
    return COUNT_LABELS.get(key, key)


class RuleViolation(CodedError, ValueError):
    """Base class: something breaks the rules (or the input cannot be read)."""

    code = "rules.violation"
    template = gettext_noop("This breaks the rules.")


class BadCardText(RuleViolation):
    """Text that is not a card (docs/rules/shared.md A1)."""

    code = "card.bad_text"
    template = gettext_noop("{text!r} is not a card (expected rank + suit, e.g. 10D, AS, Q♠).")


class DuplicateCard(RuleViolation):
    """A card that appears twice in a hand (A3)."""

    code = "card.duplicate"
    template = gettext_noop("{card} appears more than once in this hand.")


class CardNotInDeck(RuleViolation):
    """A card the game's deck does not have, such as a King in Escoba's (A3)."""

    code = "card.not_in_deck"
    template = gettext_noop("{card} is not in the {game} deck.")


class UnknownGame(RuleViolation):
    """A game name the registry does not know."""

    code = "game.unknown"
    template = gettext_noop("Unknown game {game!r}.")


class UnknownOption(RuleViolation):
    """An option key the game does not have (A2)."""

    code = "options.unknown"
    template = gettext_noop("Unknown option {key!r} for {game}.")


class BadOptionValue(RuleViolation):
    """An option value its key does not allow (A2)."""

    code = "options.bad_value"
    template = gettext_noop("Option {key!r} of {game} cannot be {value!r}; allowed: {allowed}.")


class BadPlayerCount(RuleViolation):
    """A player count the game is not played by."""

    code = "players.bad_count"
    template = gettext_noop("{game} is played by {allowed} players, not {players}.")


class SummaryInconsistent(RuleViolation):
    """An end-of-hand summary that does not add up; ``problems`` lists every fault at once."""

    code = "summary.inconsistent"
    template = gettext_noop("The summary does not add up; problems found: {count}.")

    @classmethod
    def of(cls, problems: list[RuleViolation]) -> SummaryInconsistent:
        """The violation listing ``problems``, each as its code, message and facts."""
        return cls(
            count=len(problems),
            problems=[{"code": p.code, "message": p.message, **p.facts} for p in problems],
        )


# End-of-hand summary checks (Tablo, Escoba, Tamlin): the problems SummaryInconsistent lists.


class SummarySideCount(RuleViolation):
    """A summary with another number of sides than the hand has."""

    code = "summary.side_count"
    template = gettext_noop("The summary gives {got} sides; this hand has {expected}.")


class SummaryBadCount(RuleViolation):
    """A count that is not a whole number of at least 0."""

    code = "summary.bad_count"
    template = gettext_noop("Side {side}: {what} must be a whole number of at least 0, not {value!r}.")


class SummaryUnknownKey(RuleViolation):
    """A key that is not one of the game's summary counts."""

    code = "summary.unknown_key"
    template = gettext_noop("Side {side}: {key!r} is not a count of this game; expected {expected}.")


class SummaryCountTooHigh(RuleViolation):
    """A count above its limit, such as the point cards there are."""

    code = "summary.too_high"
    template = gettext_noop("Side {side}: {what} can be at most {limit}, not {value}.")


class SummaryTooFewCards(RuleViolation):
    """A side's cards fewer than its other counts need."""

    code = "summary.too_few_cards"
    template = gettext_noop("Side {side} reports {cards} cards, but its other counts need at least {least}.")


class SummaryHolderLacks(RuleViolation):
    """A side said to hold a card but reporting none of the count it makes."""

    code = "summary.holder_lacks"
    template = gettext_noop("Side {side} holds {card} but reports no {what}.")


class SummaryTotalMismatch(RuleViolation):
    """Counts whose sum over the sides is not the deck's total."""

    code = "summary.total_mismatch"
    template = gettext_noop("The sides' {what} add up to {total}, but the deck gives {expected}.")


class SummaryOneCard(RuleViolation):
    """A side with exactly one card: every capture takes two at least."""

    code = "summary.one_card"
    template = gettext_noop(
        "Side {side} cannot hold exactly 1 card: every capture takes the played card and at least one more."
    )


class SummaryNotHeld(RuleViolation):
    """A count on a side that holds no cards."""

    code = "summary.not_held"
    template = gettext_noop("Side {side} holds no cards, so it cannot have {value} {what}.")


# Escoba challenges (docs/rules/escoba.md 3.2(g)).


class ChallengeNotAllowed(RuleViolation):
    """A challenge in an Escoba match without manual capture."""

    code = "challenge.not_allowed"
    template = gettext_noop("Challenges are only allowed when the game is played with manual capture.")


class ChallengeNotLatest(RuleViolation):
    """A challenge of any play but the latest."""

    code = "challenge.not_latest"
    template = gettext_noop(
        "Play {play_index} cannot be challenged: only the latest play can, before the next one"
        " ({plays} plays so far)."
    )


class ChallengeBadSeat(RuleViolation):
    """A challenge by a seat the table does not have."""

    code = "challenge.bad_seat"
    template = gettext_noop("Seat {by} cannot challenge: the seats are 0 to {last}.")


class ChallengeOwnSide(RuleViolation):
    """A challenge of a play by the challenger's own side."""

    code = "challenge.own_side"
    template = gettext_noop("Seat {by} cannot challenge play {play_index}: its own side made it.")


class ChallengeRepeated(RuleViolation):
    """A second challenge of the same play."""

    code = "challenge.repeated"
    template = gettext_noop("Play {play_index} has already been challenged.")


# Tamlin (docs/rules/tamlin.md T6).


class JackOnInitialTable(RuleViolation):
    """A Jack on Tamlin's initial table, where it is replaced (T6)."""

    code = "tamlin.jack_on_table"
    template = gettext_noop("{card} cannot lie on the initial table: a Jack dealt there is replaced.")


# Hand setups (Escoba, Tamlin; usable by every game).


class TeamsNotAllowed(RuleViolation):
    """Teams with a player count the game does not play in teams."""

    code = "players.bad_teams"
    template = gettext_noop("{game} is played in teams only with {allowed} players, not {players}.")


class BadSetAside(RuleViolation):
    """More cards set aside than the game and player count allow."""

    code = "deal.bad_set_aside"
    template = gettext_noop("{game} with {players} players sets aside at most {out} cards, not {got}.")


# Maltese Twenty (docs/rules/twenty.md W1-W10). WrongSeat and RoundOver are generic: any game may raise them.


class WrongSeat(RuleViolation):
    """A play out of turn (A4)."""

    code = "turn.wrong_seat"
    template = gettext_noop("Play {play_index}: it is seat {expected}'s turn, not seat {seat}'s.")


class RoundOver(RuleViolation):
    """A play after the round has ended."""

    code = "round.over"
    template = gettext_noop("Play {play_index}: the round ended after {plays} cards; nothing more is played.")


class BadStarter(RuleViolation):
    """A Maltese Twenty round started by another seat than 0 or 1 (W3)."""

    code = "twenty.bad_starter"
    template = gettext_noop("A round is started by seat 0 (round 1) or seat 1 (round 2), not {starter!r}.")


class WrongRoundStarter(RuleViolation):
    """A Maltese Twenty round started by the wrong seat for its number."""

    code = "twenty.wrong_round_starter"
    template = gettext_noop("Round {round} is started by seat {seat}, not seat {starter}.")


class BadBonusCards(RuleViolation):
    """A Maltese Twenty round without exactly two different bonus cards (W3)."""

    code = "twenty.bad_bonus_cards"
    template = gettext_noop("A round sets aside exactly two different bonus cards, not {cards}.")


class BonusCardPlayed(DuplicateCard):
    """A play of a bonus card, set aside and out of play (W3)."""

    code = "twenty.bonus_card_played"
    template = gettext_noop("Play {play_index}: {card} is a bonus card, set aside and out of play.")


class TwentyTableCards(RuleViolation):
    """A Maltese Twenty round with cards on the table: it starts with none."""

    code = "twenty.table_cards"
    template = gettext_noop("A Twenty round starts with no table cards, not {cards}.")


class TwentyTeams(RuleViolation):
    """Maltese Twenty in teams: it is played one against one (W1)."""

    code = "twenty.teams"
    template = gettext_noop("Twenty is played by two players, each on their own: there are no teams.")


class NotATwentyPlay(RuleViolation):
    """A log entry that is not one card played alone (W4): a challenge, or cards taken."""

    code = "twenty.not_a_play"
    template = gettext_noop("Entry {play_index} is not a Twenty play: a play puts one card on the tally.")


class TooManyRounds(RuleViolation):
    """A Maltese Twenty match with more than two rounds (W9)."""

    code = "twenty.too_many_rounds"
    template = gettext_noop("A Twenty match has two rounds, not {rounds}.")


class BadSummaryEntry(RuleViolation):
    """A Maltese Twenty summary entry without either awards or points, and its bonus."""

    code = "twenty.bad_summary_entry"
    template = gettext_noop(
        "Seat {seat}: give either awards (a list) or points (a number), plus bonus 0 or 1; got {entry}."
    )


class BadAward(RuleViolation):
    """An award a Maltese Twenty card cannot score (W5)."""

    code = "twenty.bad_award"
    template = gettext_noop("Seat {seat}: {award!r} is not an award; allowed: {allowed}.")


class BadRoundPoints(RuleViolation):
    """Round points that no awards add up to (all are multiples of 5)."""

    code = "twenty.bad_points"
    template = gettext_noop("Seat {seat}: {points} points cannot be made of awards, all multiples of 5.")


class TooManyAwards(RuleViolation):
    """More awards than the seat plays cards in a round."""

    code = "twenty.too_many_awards"
    template = gettext_noop("Seat {seat} has {count} awards but plays only {cards} cards in a round.")


class BrokenTallyChain(RuleViolation):
    """Awards that the other seat's awards for the cards before cannot lead to (W5)."""

    code = "twenty.broken_tally_chain"
    template = gettext_noop(
        "Seat {seat} has {count} awards of {points}, but each needs an award of {previous} to seat {other} "
        "for the card before, and seat {other} has {available}."
    )


class BonusTwice(RuleViolation):
    """The end-of-round bonus given to both players (W8)."""

    code = "twenty.bonus_twice"
    template = gettext_noop("Only one player gets the end-of-round bonus, not both.")


class BonusWithoutAward(RuleViolation):
    """The bonus to a seat without a positive award in the round (W8)."""

    code = "twenty.bonus_without_award"
    template = gettext_noop("Seat {seat} gets the bonus but has no positive award in the round.")


class BonusMissing(RuleViolation):
    """No bonus although a seat scored a positive award (W8)."""

    code = "twenty.bonus_missing"
    template = gettext_noop("Seat {seat} has a positive award, so someone gets the end-of-round bonus.")


# Capture games (Tablo, Escoba, Tamlin): the hand engine and capture checks (docs/rules/shared.md A3,
# B8, E5, T10).


class HandOver(RuleViolation):
    """A play after the hand's last."""

    code = "hand.over"
    template = gettext_noop(
        "Play {play_index}: the hand is over after {plays} plays; nothing more is played."
    )


class NotAPlay(RuleViolation):
    """A log entry without a card, or a challenge where a play is due."""

    code = "hand.not_a_play"
    template = gettext_noop("Entry {play_index} is not a play: a play has a card and the cards it takes.")


class BadTableSize(RuleViolation):
    """An initial table with another number of cards than the deal lays."""

    code = "table.bad_size"
    template = gettext_noop(
        "{game} with {players} players starts with {expected} cards on the table, not {got}."
    )


class BadDealer(RuleViolation):
    """A dealer seat the table does not have (A4)."""

    code = "setup.bad_dealer"
    template = gettext_noop("Seat {dealer!r} cannot deal: the seats are 0 to {last}.")


class CaptureNotOnTable(RuleViolation):
    """Taking a card that is not on the table (A3)."""

    code = "capture.not_on_table"
    template = gettext_noop("{missing} is not on the table, so {card} cannot take it.")


class CaptureIllegal(RuleViolation):
    """``alternatives`` lists the best legal captures (card texts), empty when the card takes nothing."""

    code = "capture.illegal"
    template = gettext_noop("{card} cannot take {taken_text}: the cards do not split into groups it takes.")


class CaptureRequired(RuleViolation):
    """``alternatives`` lists the best legal captures (card texts)."""

    code = "capture.required"
    template = gettext_noop("{card} must take something: capturing is compulsory when it can.")


class NoCaptureGame(RuleViolation):
    """Asking for the captures of a game without captures (Maltese Twenty)."""

    code = "game.no_captures"
    template = gettext_noop("{game} is not a capture game.")


class BadSweepsBefore(RuleViolation):
    """Sweeps before the hand not given as one count of at least 0 per side."""

    code = "setup.bad_sweeps_before"
    template = gettext_noop(
        "The sweeps (tablos) before this hand need one count of at least 0 for each of the {sides} sides, "
        "not {got!r}."
    )


# Hand review (docs/rules-decisions.md, Hand review).


class ReviewIncomplete(RuleViolation):
    """A review of a hand whose plays do not finish it."""

    code = "review.incomplete"
    template = gettext_noop("Only a finished hand can be reviewed: it has {played} of its {plays} plays.")


def violation_classes(cls: type[RuleViolation] = RuleViolation) -> dict[str, type[RuleViolation]]:
    """Every rule violation class by its code (a summary's problems travel as codes)."""
    found = {cls.code: cls}
    for sub in cls.__subclasses__():
        found |= violation_classes(sub)
    return found
