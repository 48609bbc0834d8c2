"""``make bench``: run every benchmark module of this package (each has ``main() -> None``).

``python -m benchmarks`` runs them all in name order; ``python -m benchmarks captures`` only those named.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from time import perf_counter


def main(names: list[str]) -> None:
    found = sorted(module.name for module in pkgutil.iter_modules([str(Path(__file__).parent)]))
    chosen = [name for name in found if not name.startswith("_") and (not names or name in names)]
    unknown = sorted(set(names) - set(found))
    if unknown:
        raise SystemExit(f"No benchmark module {', '.join(unknown)}; there are: {', '.join(found)}")
    for name in chosen:
        module = importlib.import_module(f"benchmarks.{name}")
        run = getattr(module, "main", None)
        if run is None:
            continue
        print(f"== {name}")
        start = perf_counter()
        run()
        print(f"   ({perf_counter() - start:.1f} s)\n")


if __name__ == "__main__":
    main(sys.argv[1:])
