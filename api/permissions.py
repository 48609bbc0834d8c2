"""Who may read and write the records (docs/rules-decisions.md, Match records).

A match is written by its creator, its seated players and its club's admins; read also by its club's
members, and by anyone holding its share link (``?share=<token>``, read-only). A club is read by its
members and written by its admins. Anonymous writes are refused as ``auth.required``.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from games.models import Club, Match, Membership
from games.selectors import can_read_match, can_write_match, club_role

SHARE_PARAM = "share"


class MatchAccess(BasePermission):
    """Object permission on a :class:`Match` (the views call ``check_object_permissions``)."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        assert isinstance(obj, Match)
        if request.method in SAFE_METHODS:
            return can_read_match(request.user, obj, request.query_params.get(SHARE_PARAM, ""))
        return can_write_match(request.user, obj)


class ClubAccess(BasePermission):
    """Object permission on a :class:`Club`: members read, admins write."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        assert isinstance(obj, Club)
        role = club_role(club=obj, user=request.user)
        if request.method in SAFE_METHODS:
            return role is not None
        return role == Membership.Role.ADMIN
