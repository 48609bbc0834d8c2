"""The match records: matches, their sides, seats, hands and plays, invitations to a seat; rows to engine
values and back, replays, reviews and a hand's history."""
