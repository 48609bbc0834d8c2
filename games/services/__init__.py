"""Writes: one function per action, ``<entity>_<action>``, keyword-only, each in its own transaction."""
