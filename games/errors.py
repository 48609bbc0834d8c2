"""Errors of the app below its services, each with a stable dotted code (docs/errors.md) and its facts.

:class:`RecordInvalid` is bad input (400): it is a :class:`RuleViolation`, so the API's error envelope
treats it like the engine's own errors. :class:`RecordConflict` is a write or read the stored state does
not allow now (409). The reads (``games/replay.py``, ``games/reviews.py``) raise the two conflicts here;
every other record error is the services' (``games/services/errors.py``, which re-exports these).
"""

from __future__ import annotations

from typing import ClassVar

from games.rules.errors import CodedError, RuleViolation, gettext_noop


class RecordInvalid(RuleViolation):
    """Input the services refuse (HTTP 400), like the engine's rule violations."""

    code: ClassVar[str] = "record.invalid"
    template: ClassVar[str] = gettext_noop("This cannot be recorded.")


class RecordConflict(CodedError):
    """The stored state does not allow this write now (HTTP 409)."""

    code = "record.conflict"
    template = gettext_noop("This cannot be recorded now.")


class HandIncomplete(RecordConflict):
    """Closing (or correcting with plays) a hand whose plays do not finish it."""

    code = "hand.incomplete"
    template = gettext_noop("Hand {number} is not over yet: seat {next_seat} is still to play.")


class ReviewNoPlays(RecordConflict):
    """Reviewing a hand entered by its counts: it has no plays."""

    code = "review.no_plays"
    template = gettext_noop(
        "Hand {number} was entered by its counts, so there are no plays to review: record a hand play by "
        "play to have it reviewed."
    )


class ExportNotFinished(RecordConflict):
    """Exporting a match that is not finished."""

    code = "match.not_finished"
    template = gettext_noop("The match is {status}: only a finished match can be exported.")
