from games.rules import (
    tablo,  # noqa: F401
    twenty,  # noqa: F401
)
