"""The events API (``/api/v1/clubs/{club}/events/``, ``/api/v1/events/...``): club admins direct,
members read, everyone else gets 404."""
