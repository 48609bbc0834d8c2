from games.rules import (
    escoba,  # noqa: F401
    tablo,  # noqa: F401
    tamlin,  # noqa: F401
    twenty,  # noqa: F401
)
