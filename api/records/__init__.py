"""The records API: players, clubs, matches, hands, plays, summaries, challenges, scoreboards."""
