"""People: players, accounts, guests' claims and merges, pending e-mail addresses, an account's data and its
deletion."""
