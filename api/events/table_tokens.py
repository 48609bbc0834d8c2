"""The API's sign-in of a table's guest (docs/events.md, "Guests' tables"): the token that
``POST tables/{code}/session/`` hands out, read back as a :class:`games.access.TableGuest`. Its own
module, without views, because DRF imports the authentication classes while it loads its views."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from games.access import TableGuest
from games.events.table_codes import table_guest


class TableTokenAuthentication(BaseAuthentication):
    """``Authorization: Token <grant>``, where the grant is a table's (signed, so it holds ``:``,
    which no account's token does); any other token is left to DRF's own token authentication."""

    def authenticate(self, request: Request) -> tuple[TableGuest, None] | None:
        """The table's guest for a ``Token <table token>`` header; a bad one is 401."""
        words = get_authorization_header(request).split()
        if len(words) != 2 or words[0].lower() != b"token" or b":" not in words[1]:
            return None
        guest = table_guest(words[1].decode("latin-1"))
        if guest is None:
            raise exceptions.AuthenticationFailed()
        return guest, None

    def authenticate_header(self, request: Request) -> str:
        """The scheme a 401 names in WWW-Authenticate."""
        return "Token"
