"""Writes of clubs: ``clubs`` (clubs, memberships, seasons) and ``invitations`` (links to join a club)."""
