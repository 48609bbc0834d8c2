"""Clubs: their members, the links that invite people to join, their seasons."""
