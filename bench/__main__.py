"""``make bench``: every benchmark, each printing ``name: figure`` lines.

Speed goals are checked here, by figures a person reads, never by timed tests.
"""

from __future__ import annotations

import platform
import sys


def main() -> int:
    from bench import (
        api,
        draws,
        duplicate,
        engine,
        games,
        imports,
        pages,
        ratings,
        scoring,
        series,
        server,
        sheets,
        shuangkou,
        standings,
        standings_pure,
        table_app,
    )

    print(f"# python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    for module in (
        engine,
        games,
        shuangkou,
        draws,
        standings_pure,
        scoring,
        imports,
        standings,
        duplicate,
        sheets,
        api,
        server,
        pages,
        ratings,
        series,
        table_app,
    ):
        print(f"## {module.__name__}")
        sys.stdout.flush()
        module.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
