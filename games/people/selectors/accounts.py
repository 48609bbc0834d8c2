"""One's own account: its pending e-mail address, its signed-in devices (web sessions and the API
token), and whether a user name is taken (docs/accounts.md)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games.models import PendingEmail
from scorekeeper.models import AccountSession

WEB, TOKEN = "web", "token"
EMAIL_SALT = "scorekeeper.accounts.email-verify"


@dataclass(frozen=True, slots=True)
class Device:
    """A signed-in device: a web session (``kind`` web) or the account's API token (``token``)."""

    id: str  # not the secret: a digest of it, stable while the device is signed in
    kind: str
    device: str  # the browser's User-Agent at sign-in ("" unknown)
    created_at: datetime | None
    last_seen: datetime | None
    current: bool
    key: str  # the secret itself, for the services that end it; never shown


def device_id(kind: str, key: str) -> str:
    """The public id of a session or token ``key``: its kind and a digest (the key cannot be read back)."""
    return f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:20]}"


def device_list(*, user: User, session_key: str | None = None, token_key: str | None = None) -> list[Device]:
    """``user``'s live web sessions, newest first, then their API token; ``current`` marks the ones
    the asking request came with (``session_key``, ``token_key``)."""
    sessions = AccountSession.objects.filter(user_id=user.pk, expire_date__gt=timezone.now()).order_by(
        "-signed_in_at", "-last_seen"
    )
    devices = [
        Device(
            id=device_id(WEB, row.session_key),
            kind=WEB,
            device=row.device,
            created_at=row.signed_in_at,
            last_seen=row.last_seen,
            current=row.session_key == session_key,
            key=row.session_key,
        )
        for row in sessions.only("session_key", "device", "signed_in_at", "last_seen")
    ]
    devices += [
        Device(
            id=device_id(TOKEN, token.key),
            kind=TOKEN,
            device="",
            created_at=token.created,
            last_seen=None,
            current=token.key == token_key,
            key=token.key,
        )
        for token in Token.objects.filter(user_id=user.pk)
    ]
    return devices


def pending_email_of(user: User) -> PendingEmail | None:
    """The address ``user`` asked for and has not verified yet (``None``: none)."""
    return PendingEmail.objects.filter(user_id=user.pk).first()


def email_token(*, user: User, email: str) -> str:
    """The token of the link that verifies ``email`` for ``user`` (signed, dated: :func:`email_pending`)."""
    return signing.dumps({"u": user.pk, "e": email}, salt=EMAIL_SALT, compress=True)


def email_pending(*, token: str) -> PendingEmail | None:
    """The pending address (with its account) that a verification link's ``token`` names, if the link
    is genuine, younger than ``EMAIL_VERIFY_DAYS`` and its address still the pending one; else ``None``."""
    try:
        facts = signing.loads(token, salt=EMAIL_SALT, max_age=settings.EMAIL_VERIFY_DAYS * 86400)
    except signing.BadSignature:
        return None
    if not isinstance(facts, dict):
        return None
    user_id, email = facts.get("u"), facts.get("e")
    if not isinstance(user_id, int) or not isinstance(email, str):
        return None
    return PendingEmail.objects.select_related("user").filter(user_id=user_id, email=email).first()


def username_taken(name: str) -> bool:
    """Whether an account has this user name, without case (as Django's sign-up compares them)."""
    return User.objects.filter(username__iexact=name).exists()
