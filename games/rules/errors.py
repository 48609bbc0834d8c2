"""Rule violations: one exception class per fault, each with a stable dotted code.

Codes are part of the public API: never rename one once shipped (docs/errors.md lists them).
Messages are English templates marked for translation; the API layer translates them.
"""

from __future__ import annotations

from typing import ClassVar


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction by ``makemessages`` without importing Django."""
    return message


class RuleViolation(ValueError):
    """Base class: something breaks the rules (or the input cannot be read)."""

    code: ClassVar[str] = "rules.violation"
    template: ClassVar[str] = gettext_noop("This breaks the rules.")

    def __init__(self, **facts: object) -> None:
        self.facts: dict[str, object] = facts
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template.format(**self.facts)


class BadCardText(RuleViolation):
    code = "card.bad_text"
    template = gettext_noop("{text!r} is not a card (expected rank + suit, e.g. 10D, AS, Q♠).")


class DuplicateCard(RuleViolation):
    code = "card.duplicate"
    template = gettext_noop("{card} appears more than once in this hand.")


class CardNotInDeck(RuleViolation):
    code = "card.not_in_deck"
    template = gettext_noop("{card} is not in the {game} deck.")


class UnknownGame(RuleViolation):
    code = "game.unknown"
    template = gettext_noop("Unknown game {game!r}.")


class UnknownOption(RuleViolation):
    code = "options.unknown"
    template = gettext_noop("Unknown option {key!r} for {game}.")


class BadOptionValue(RuleViolation):
    code = "options.bad_value"
    template = gettext_noop("Option {key!r} of {game} cannot be {value!r}; allowed: {allowed}.")


class BadPlayerCount(RuleViolation):
    code = "players.bad_count"
    template = gettext_noop("{game} is played by {allowed} players, not {players}.")


class SummaryInconsistent(RuleViolation):
    """An end-of-hand summary that does not add up; ``problems`` lists every fault at once."""

    code = "summary.inconsistent"
    template = gettext_noop("The summary does not add up ({count} problems).")

    @classmethod
    def of(cls, problems: list[RuleViolation]) -> SummaryInconsistent:
        return cls(
            count=len(problems),
            problems=[{"code": p.code, "message": p.message, **p.facts} for p in problems],
        )
