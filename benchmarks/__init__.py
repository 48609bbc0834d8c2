"""Benchmarks for ``make bench``: each module has ``main() -> None`` (see ``__main__``)."""
