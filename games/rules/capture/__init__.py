"""Capturing: which table cards a played card may take (docs/rules/ A3, B8, E5, T10).

- :mod:`~games.rules.capture.capturing`: a game's capture rules on real cards (:class:`Capturing`),
  with their two questions, ``capture_list`` (the best legal captures) and ``capture_check`` (is this
  capture legal, and if not what could have been taken), asked of a ``Capturing`` or of a game by name;
- :mod:`~games.rules.capture.search`: the game-agnostic search on card values;
- :mod:`~games.rules.capture.kinds`: its building blocks (kinds of cards, count vectors, splitting);
- :mod:`~games.rules.capture.best`: the best captures of a table too big to list;
- :mod:`~games.rules.capture.filling`: the one best capture of such a table (what the hand review asks).
"""
