"""Joining a club through its invitation link, carried through sign-in and sign-up by ``next``.

The landing page (``/club-invitations/<token>/``) sends a visitor who is not signed in to sign in or
sign up with ``next`` naming that page. When that sign-in or sign-up succeeds (its own POST, which
CSRF protects), :func:`join_through` joins the club the page offers, and the visitor lands back on it.
Nothing else is taken from ``next``: a path that is not an invitation's page joins nothing, and the
redirect is Django's own safe one.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

from games.access import club_invitation_by_link, signed_in
from games.clubs.services.invitations import club_invitation_accept
from games.messages import violation_text
from games.models import ClubInvitation, Membership
from games.rules.errors import CodedError

ROUTE = "club-invitation"


def invitation_in(next_url: str) -> ClubInvitation | None:
    """The club invitation whose landing page ``next_url`` is (usable or not), else ``None``."""
    try:
        found = resolve(urlsplit(next_url).path) if next_url else None
    except Resolver404:
        return None
    if found is None or found.url_name != ROUTE:
        return None
    try:
        return club_invitation_by_link(str(found.kwargs["token"]))
    except Http404:
        return None


def role_word(role: str) -> str:
    """A club role in words."""
    return _("admin") if role == Membership.Role.ADMIN else _("member")


def join(request: HttpRequest, invitation: ClubInvitation) -> Membership | None:
    """The signed-in visitor joins ``invitation``'s club; the outcome is a message on the next page."""
    try:
        membership = club_invitation_accept(invitation=invitation, by=signed_in(request))
    except CodedError as error:
        messages.error(request, violation_text(error))
        return None
    text = _("You are in %(club)s (role: %(role)s).")
    messages.success(request, text % {"club": invitation.club.name, "role": role_word(membership.role)})
    return membership


def join_through(request: HttpRequest, next_url: str) -> None:
    """After a sign-in or sign-up whose ``next`` is an invitation's page, join its club."""
    invitation = invitation_in(next_url)
    if invitation is not None:
        join(request, invitation)
