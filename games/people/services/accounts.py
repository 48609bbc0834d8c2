"""One's own account (docs/accounts.md): the e-mail address password resets go to, verified by a
signed link before it is used; the signed-in devices (web sessions, the API token) and ending them;
what a new password ends.

Mail is sent after the write, outside its transaction; a mail server that fails is logged and said to
the caller (``False``), never raised. A password-reset mail goes through the Celery worker
(:func:`mail_send_later`), so that the reset page answers as fast whether or not an account has the
address.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerUnavailable
from redis.exceptions import RedisError
from rest_framework.authtoken.models import Token

from games.audit.services import audit_record
from games.models import PendingEmail
from games.people.selectors.accounts import TOKEN, WEB, device_list, email_pending, email_token
from scorekeeper.models import AccountSession
from scorekeeper.sessions import sessions_ended

log = logging.getLogger(__name__)
MAIL_TASK = "games.tasks.mail_send"  # named, not imported: that task calls this module


def email_change_request(*, user: User, email: str, link: Callable[[str], str]) -> bool:
    """Ask for ``email`` as ``user``'s address: it is stored as pending (replacing any pending one) and
    a link to verify it is mailed there (``link`` makes the link's address from its token). The
    account's address is unchanged until the link is followed. An empty ``email`` removes both the
    pending and the account's address (no more reset mails). Whether the mail went (``False``: the mail
    server failed; the address stays pending and can be asked again)."""
    email = User.objects.normalize_email(email.strip())
    with transaction.atomic():
        if not email:
            PendingEmail.objects.filter(user_id=user.pk).delete()
            User.objects.filter(pk=user.pk).update(email="")
            user.email = ""
            return True
        PendingEmail.objects.update_or_create(
            user_id=user.pk, defaults={"email": email, "requested_at": timezone.now()}
        )
    context = {
        "user": user,
        "email": email,
        "link": link(email_token(user=user, email=email)),
        "days": settings.EMAIL_VERIFY_DAYS,
    }
    return mail_send_now(
        subject=render_to_string("registration/email_verify_subject.txt", context),
        body=render_to_string("registration/email_verify_email.txt", context),
        to=email,
    )


def email_verify(*, token: str) -> User | None:
    """Follow a verification link: its address becomes its account's (``User.email``) if it is still
    the pending one and the link is younger than ``EMAIL_VERIFY_DAYS``; once only. The account, or
    ``None`` for a link that is invalid, expired, replaced or already used."""
    found = email_pending(token=token)
    if found is None:
        return None
    with transaction.atomic():
        pending = PendingEmail.objects.select_for_update().select_related("user").filter(pk=found.pk).first()
        if pending is None or pending.email != found.email:
            return None
        user = pending.user
        had = bool(user.email)
        user.email = pending.email
        user.save(update_fields=["email"])
        pending.delete()
        # The address itself stays out of the log: it is personal, and the log outlives it.
        audit_record(
            by=user,
            action="account.email_verified",
            object=user,
            before={"email": had},
            after={"email": True},
            subject=user,
        )
    return user


@transaction.atomic
def device_end(*, user: User, device: str) -> bool:
    """End ``user``'s signed-in device whose public id is ``device`` (a web session is signed out; the
    API token is deleted, so every app that used it signs in again). Whether there was one."""
    for found in device_list(user=user):
        if found.id == device:
            _end(user, found.kind, [found.key])
            return True
    return False


@transaction.atomic
def devices_end(*, user: User, keep_session: str | None = None, keep_token: str | None = None) -> int:
    """End all of ``user``'s signed-in devices but the session ``keep_session`` and the token
    ``keep_token`` (the asking one): how many ended."""
    ended = 0
    for kind, keep in ((WEB, keep_session), (TOKEN, keep_token)):
        keys = [found.key for found in device_list(user=user) if found.kind == kind and found.key != keep]
        ended += _end(user, kind, keys)
    return ended


def _end(user: User, kind: str, keys: list[str]) -> int:
    if kind == WEB:
        rows = AccountSession.objects.filter(user_id=user.pk, session_key__in=keys)
        sessions_ended(keys)
    else:
        rows = Token.objects.filter(user_id=user.pk, key__in=keys)  # type: ignore[assignment]  # a Token queryset: it deletes alike
    ended = rows.delete()[0]
    if ended:
        audit_record(by=user, action="account.devices_ended", object=user, after={kind: ended}, subject=user)
    return ended


def password_changed(*, user: User, keep_session: str | None) -> int:
    """After ``user``'s password changed: every other web session ends, and the API token too (apps
    sign in again with the new password). Django would refuse those sessions at their next request
    anyway (their password hash no longer matches); ending them takes them off the devices list."""
    audit_record(by=user, action="account.password_changed", object=user, subject=user)
    return devices_end(user=user, keep_session=keep_session)


def mail_send_later(*, subject: str, body: str, to: str) -> None:
    """Queue a mail for the worker (run at once where Celery runs eagerly, as on a laptop); sent in the
    request when the broker cannot be reached."""
    try:
        with current_app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=0)  # a dead broker fails at once
            current_app.tasks[MAIL_TASK].apply_async((subject, body, to), producer=producer, retry=False)
    except (BrokerUnavailable, RedisError, OSError):
        log.warning("Broker unavailable: a mail is sent in the request", exc_info=True)
        mail_send_now(subject=subject, body=body, to=to)


def mail_send_now(*, subject: str, body: str, to: str) -> bool:
    """Send one plain-text mail; whether it went (a failing mail server is logged, not raised)."""
    try:
        send_mail(" ".join(subject.split()), body, None, [to])
    except Exception:  # the mail server's failure is the mail's, not the request's
        log.exception("A mail could not be sent.")
        return False
    return True
