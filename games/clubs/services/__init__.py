"""Writes of clubs: ``clubs`` (players, clubs, memberships, seasons) and ``invitations`` (links to join a
club)."""
