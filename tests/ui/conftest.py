"""The browser tests' switches; their shared steps are in flows.py."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _phone_engine(request: pytest.FixtureRequest, settings: Any) -> None:
    """A test marked ``phone_engine`` gets match screens that start the engine in the phone."""
    if request.node.get_closest_marker("phone_engine") is not None:
        settings.PHONE_ENGINE = True
