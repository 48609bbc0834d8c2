"""The account API (``/api/v1/me/...``): one's own account, its e-mail address and its signed-in devices
(docs/accounts.md). One module per resource, so that each part of the account has its own."""
