"""The games app's models, each from its domain package: people (``games/people/models.py``: players,
guests' claims, pending addresses), clubs (``games/clubs/models.py``: members, invitations, seasons),
matches (``games/matches/models.py``: sides, seats, hands, plays, invitations to a seat), audit
(``games/audit/models.py``: the log and the hash chains), idempotency (``games/idempotency/models.py``:
retried creates). The statistics (``games.stats``) and club events (``games.events``) are apps of their
own, each with its ``models``.

Django reads an app's models from here: every model of the app is imported by name and named in
``__all__`` (as pretix's ``base/models/__init__.py``), so ``from games.models import Match`` works
wherever the model lives. Only the domains' models modules import each other directly.
"""

from games.audit.models import AuditEntry, ChainLink
from games.clubs.models import Club, ClubInvitation, Membership, Season
from games.idempotency.models import IdempotentRequest
from games.matches.models import (
    Challenge,
    Hand,
    HandScore,
    HandSummary,
    HandVersion,
    Invitation,
    Match,
    Play,
    Seat,
    Side,
)
from games.people.models import GuestClaim, PendingEmail, Player, PlayerMerge

__all__ = [
    "AuditEntry",
    "ChainLink",
    "Challenge",
    "Club",
    "ClubInvitation",
    "GuestClaim",
    "Hand",
    "HandScore",
    "HandSummary",
    "HandVersion",
    "IdempotentRequest",
    "Invitation",
    "Match",
    "Membership",
    "PendingEmail",
    "Play",
    "Player",
    "PlayerMerge",
    "Season",
    "Seat",
    "Side",
]
