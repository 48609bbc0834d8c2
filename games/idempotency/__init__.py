"""The answers of creates made with an ``Idempotency-Key``, kept for a retry."""
