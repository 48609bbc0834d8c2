"""Writes about people: ``players``, ``accounts``, ``claims`` (of a guest), ``deletion`` (of an account),
``names`` (how names are stored)."""
