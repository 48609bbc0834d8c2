"""Reads about people, one module per what it reads: ``accounts`` (one's own account: its pending e-mail
address, its signed-in devices), ``players`` (seatable, merges, found by name), ``deletion`` (what deleting an
account removes), ``exports`` (a person's own data)."""
