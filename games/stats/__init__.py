"""Club standings, ratings, head-to-head and player statistics.

``results``, ``standings`` and ``ratings`` are pure (values in, values out); ``selectors`` reads rows
into those values, ``services`` writes rating snapshots and refreshes the cache, ``tasks`` runs them on
Celery after a match changes.
"""
