from games.rules import twenty  # noqa: F401
