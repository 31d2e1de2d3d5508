"""The table that ``bench.national`` prints: a row per step, a column per size, the growth from the
first size to the last and the target of issue 21 (docs/deploy.md, "How big an event one machine
carries"). Markdown, so that it goes into the docs as printed.

``python -m bench.national_report FILE…`` prints the table from the ``NATIONAL-RESULT`` lines that
runs of ``bench.national`` printed (one line per size), so that sizes run apart make one table.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

# (label, key, unit, target). A unit "s" or "ms" is a time (the growth should stay within n log n),
# "/s" a rate and "x" a ratio (both should stay near 1 when the work per request does not grow).
ROWS: tuple[tuple[str, str, str, str], ...] = (
    ("CSV import (one row a pair)", "import_s", "s", "≤ 20 s at 5,000, linear"),
    ("table tokens, one a table", "tokens_s", "s", ""),
    ("draw round 1", "draw_1_s", "s", "≤ 3 s (≤ 8 s at 10,000)"),
    ("draw round 2", "draw_2_s", "s", "≤ 3 s (≤ 8 s at 10,000)"),
    ("draw round 3", "draw_3_s", "s", "≤ 3 s (≤ 8 s at 10,000)"),
    ("publish a round", "publish_s", "s", ""),
    ("deal posts", "deal_per_s", "/s", "≥ 100/s"),
    ("deal post p50", "deal_p50_s", "s", ""),
    ("deal post p95", "deal_p95_s", "s", ""),
    ("deal post p99", "deal_p99_s", "s", "≤ 2 s"),
    ("result posts (submit + confirm)", "result_per_s", "/s", ""),
    ("result post p50", "result_p50_s", "s", ""),
    ("result post p95", "result_p95_s", "s", ""),
    ("result post p99", "result_p99_s", "s", "≤ 2 s"),
    ("Celery queue after the last result", "celery_queue", "", "bounded"),
    ("standings right after the last result", "standings_fresh_s", "s", "≤ 1 s"),
    ("Celery queue empty after the last result", "queue_drained_s", "s", ""),
    ("close a round", "close_s", "s", ""),
    ("standings cold (nothing kept)", "standings_cold_s", "s", "≤ 0.3 s (5,000 × 9 rounds)"),
    ("standings cached", "standings_cached_s", "s", ""),
    ("standings 304", "standings_304_s", "ms", "from the version"),
    ("public standings page cold", "page_cold_s", "s", ""),
    ("public standings page cached", "page_cached_s", "ms", "cached per version"),
    ("public standings page 1 size", "page_kb", "KB", "≤ 300 KB"),
    ("bare GET (yardstick)", "bare_per_s", "/s", ""),
    ("bare insert POST (yardstick)", "insert_per_s", "/s", ""),
    ("bare insert p99", "insert_p99_s", "s", ""),
    ("deal post / bare insert", "deal_vs_insert", "x", "≥ 0.3"),
    ("result post / bare insert", "result_vs_insert", "x", "≥ 0.3"),
    ("matches list of the round / bare GET", "matches_list_vs_bare", "x", "≥ 0.3"),
    ("standings cached / bare GET", "standings_cached_vs_bare", "x", "≥ 0.3"),
    ("standings cached, gzip asked / bare GET", "standings_gzip_vs_bare", "x", ""),
    ("standings 304 / bare GET", "standings_304_vs_bare", "x", "≥ 0.6"),
)


def _cell(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "ms":
        return f"{value * 1000:.1f} ms"
    if unit == "s":
        return f"{value:.2f} s" if value < 10 else f"{value:.0f} s"
    if unit == "/s":
        return f"{value:.0f}/s"
    if unit == "x":
        return f"{value:.2f}"
    if unit == "KB":
        return f"{value:.0f} KB"
    return f"{value:.0f}"


def report(results: dict[int, dict[str, float]]) -> str:
    sizes = sorted(results)
    low, high = sizes[0], sizes[-1]
    growth_name = f"growth {low:,}→{high:,}" if low != high else "growth"
    scale = high / low
    nlogn = scale * math.log(high) / math.log(low) if low > 1 else scale
    lines = [
        f"| step | {' | '.join(f'{n:,} pairs' for n in sizes)} | {growth_name} | target |",
        f"|---|{'---|' * len(sizes)}---|---|",
    ]
    for label, key, unit, target in ROWS:
        values = [results[n].get(key) for n in sizes]
        first, last = values[0], values[-1]
        growth = f"{last / first:.1f}×" if first and last is not None and low != high else "—"
        cells = " | ".join(_cell(v, unit) for v in values)
        lines.append(f"| {label} | {cells} | {growth} | {target} |")
    lines.append("")
    lines.append(
        f"Growth: the last size's figure over the first's. From {low:,} to {high:,} pairs n log n is "
        f"{nlogn:.1f}× for a step that handles the whole field; a per-request time or rate should stay "
        "near 1×."
    )
    return "\n".join(lines)


def from_lines(lines: list[str]) -> dict[int, dict[str, float]]:
    """The figures of every ``NATIONAL-RESULT`` line, by size (a later line of a size wins)."""
    results: dict[int, dict[str, float]] = {}
    for line in lines:
        if line.startswith("NATIONAL-RESULT "):
            figures = json.loads(line.removeprefix("NATIONAL-RESULT "))
            results[int(figures.pop("pairs"))] = figures
    return results


if __name__ == "__main__":
    read = [line for name in sys.argv[1:] for line in Path(name).read_text(encoding="utf-8").splitlines()]
    print(report(from_lines(read)))
