"""The records API (issue #6): players, clubs, matches, hands, plays, summaries, challenges, scoreboards."""
