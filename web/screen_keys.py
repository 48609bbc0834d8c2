"""Keys a match screen gives the phone that shows it, so the phone's most frequent requests are
answered from the match row alone: no session, no account, no access query (issue #15).

A key is an HMAC of the match's id and of what it opens:

- ``READ``, in the live region's polls: "nothing new" (204) is all it can earn;
- ``WRITE``, in the play form of a screen its visitor may write: the rules' captures for the card
  tapped, under the match's options.

Neither answer tells anything the screen had not already shown. Whatever else a phone asks, or asks
without a valid key, is answered in full with every check. A key does not expire: a visitor who
loses access to the match learns "nothing new" until the screen changes, then gets the 404.

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
    return salted_hmac(f"web.screen_keys.{opens}", str(pk), algorithm="sha256").hexdigest()[:32]


def key_opens(key: str, pk: int, opens: Opens) -> bool:
    return bool(key) and constant_time_compare(key, screen_key(pk, opens))
