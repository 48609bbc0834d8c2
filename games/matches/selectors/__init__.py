"""Reads of the match records, one module per what it reads: ``matches`` (lists, one match per screen, its
version, its audit), ``hands`` (one hand, the list, where one stands now, its log), ``scoreboards`` (a match's
closed hands), ``invitations`` (to a seat, and claims of a guest), ``bgstats`` (finished matches for Board
Game Stats)."""
