"""The account's own API (``/api/v1/me/...``): downloading one's data and deleting one's account."""
