"""The account API (``/api/v1/me/...``): one's own account, its e-mail address, its signed-in devices,
downloading one's data and deleting one's account (docs/accounts.md). One module per resource, so that
each part of the account has its own."""
