"""Writes of the match records: one function per action, ``<entity>_<action>``, keyword-only, each in its own
transaction."""
