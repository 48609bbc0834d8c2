"""Django's PostgreSQL backend whose calls the web processes' watchdog bounds (``scorekeeper.database``)."""
