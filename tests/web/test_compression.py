"""Pages go out compressed and described (Lighthouse's SEO and performance audits, docs/ui.md)."""

from __future__ import annotations

import gzip

from django.test import Client


def test_a_page_is_gzipped_for_a_browser_that_accepts_it(client: Client, db: None) -> None:
    response = client.get("/", headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    page = gzip.decompress(response.content).decode()
    assert '<meta name="description" content="The score sheet for fishing card games, at the table.">' in page


def test_two_answers_of_one_page_differ_in_their_compressed_bytes(client: Client, db: None) -> None:
    """BREACH: the CSRF token is masked anew and gzip adds random bytes, so no two bodies match."""
    first, second = (client.get("/", headers={"accept-encoding": "gzip"}).content for _ in range(2))
    assert first != second
