"""Keys given with what a match shows, so that a client's most frequent requests are answered from
the match's version row alone: no session, no account, no access query.

A key is an HMAC of the match's id and of what it opens:

- ``READ``: "nothing new", in a web poll (its ``k``) or an API read's ETag (204, 304);
- ``WRITE``, in the play form of a screen its visitor may write: the rules' captures for the card
  tapped, under the match's options.

Neither answer tells anything the key's holder was not already shown. Whatever else a client asks,
or asks without a valid key, is answered in full with every check. A key does not expire: a visitor
who loses access to the match learns "nothing new" until the match changes, then gets the 404.

>>> key = screen_key(7, READ)
>>> key_opens(key, 7, READ), key_opens(key, 8, READ), key_opens(key, 7, WRITE), key_opens("", 7, READ)
(True, False, False, False)
"""

from __future__ import annotations

from typing import Literal

from django.utils.crypto import constant_time_compare, salted_hmac

Opens = Literal["read", "write"]
READ: Opens = "read"
WRITE: Opens = "write"


def screen_key(pk: int, opens: Opens) -> str:
    """The key that opens match ``pk`` for ``opens`` (read or write)."""
    return salted_hmac(f"games.screen_keys.{opens}", str(pk), algorithm="sha256").hexdigest()[:32]


def key_opens(key: str, pk: int, opens: Opens) -> bool:
    """Whether ``key`` opens match ``pk`` for ``opens``."""
    return bool(key) and constant_time_compare(key, screen_key(pk, opens))
