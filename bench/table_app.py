"""The table app's costs (docs/deploy.md "The table app's costs"): ``python -m bench.table_app``
(``make bench`` runs it).

Under the real server (gunicorn, two sync workers, DEBUG off, WhiteNoise serving the collected
static files; ``bench.server``'s throwaway database and 500-pair event, its 250 tables given table
tokens):

- **first load**: a new headless Chromium profile opens a table card's URL under Chrome DevTools'
  network presets ("Slow 3G": 2,000 ms round trips, 50 kB/s each way; "Fast 3G": 562.5 ms, 180 kB/s
  down): the bytes transferred (the app's page and files; then with the API's answers the first
  screen needs) and the time from navigation to usable (the app's ``table-usable`` mark: the deal
  form drawn). Then the same phone again: a later load (the service worker's copy).
- **polling phones**: ``GET /api/v1/table/`` with each table's token and its ``If-None-Match``
  (the answer a phone holds), as the phones send it every ``TABLE_APP_POLL_SECONDS``: 304s per
  second against the bare DRF view of the same server (the ratio is what a noisy machine can
  compare), and what 2,500 phones polling every 5 s ask of it.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request

from bench.load import Request, run
from bench.server import ROOT, _environment, _measure, gunicorn, load_data, throwaway_database

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
PHONES, POLL_SECONDS = 2500, 5
# Chrome DevTools' presets (front_end/core/sdk/NetworkManager.ts): bytes per second and latency.
PRESETS = {
    "slow_3g": {
        "latency": 2000,
        "downloadThroughput": 500 * 1000 / 8 * 0.8,
        "uploadThroughput": 500 * 1000 / 8 * 0.8,
    },
    "fast_3g": {
        "latency": 562.5,
        "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
        "uploadThroughput": 750 * 1000 / 8 * 0.9,
    },
}
APP_FILES = ("/t/", "/static/table/")


def _post(port: int, path: str, body: dict, token: str) -> dict:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def _etag(port: int, key: str) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/table/", headers={"Authorization": f"Table {key}"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        answer.read()
        return answer.headers["ETag"]


def _chromium():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--lang=zh-CN",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)
    driver.set_window_size(360, 800)
    driver.set_page_load_timeout(120)
    return driver


MEASURE = """
const entries = [performance.getEntriesByType("navigation")[0], ...performance.getEntriesByType("resource")];
const app = entries.filter((e) => arguments[0].some((p) => new URL(e.name).pathname.startsWith(p)));
const sum = (list) => list.reduce((total, e) => total + (e.transferSize || 0), 0);
const mark = performance.getEntriesByName("table-usable")[0];
const usable = mark ? mark.startTime : null;
// What the first screen waited for: every request that ended before it was usable, in order.
const path = entries.filter((e) => usable === null || e.responseEnd <= usable)
  .map((e) => ({name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd,
                size: e.transferSize || 0, encoding: e.contentEncoding || null}));
return {app: sum(app), all: sum(entries), usable, files: app.length, path};
"""


def round_trips(path: list[dict]) -> list[list[str]]:
    """The requests before usable, as sequential waves: a request that started after the previous
    wave's first answer came back waited for something of it (the chain the first screen walks)."""
    waves: list[list[dict]] = []
    for entry in sorted(path, key=lambda e: e["start"]):
        if waves and entry["start"] < min(e["end"] for e in waves[-1]):
            waves[-1].append(entry)
        else:
            waves.append([entry])
    return [[e["name"] for e in wave] for wave in waves]


def first_load(url: str, preset: str) -> dict:
    """One phone, a new profile: the card's URL under ``preset``, then opened again."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver = _chromium()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **PRESETS[preset]})
        driver.get(url)
        try:
            WebDriverWait(driver, 120, poll_frequency=0.2).until(
                lambda d: d.execute_script("return performance.getEntriesByName('table-usable').length")
            )
        except Exception:
            print("table_app: never usable:", driver.execute_script("return document.body.innerText")[:500])
            raise
        first = driver.execute_script(MEASURE, list(APP_FILES))
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
        )
        driver.get(url.partition("#")[0])  # a later load: the key is in the phone now
        WebDriverWait(driver, 120, poll_frequency=0.2).until(
            lambda d: d.execute_script("return performance.getEntriesByName('table-usable').length")
        )
        later = driver.execute_script(MEASURE, list(APP_FILES))
        return {"first": first, "later": later}
    finally:
        driver.quit()


def polling(port: int, keys: list[str]) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Per round: (304 rate, bare rate) and (200 rate, bare rate)."""
    not_modified = [
        Request(
            "GET",
            "/api/v1/table/",
            headers={"Authorization": f"Table {key}", "If-None-Match": _etag(port, key)},
        )
        for key in keys
    ]
    full = [Request("GET", "/api/v1/table/", headers={"Authorization": f"Table {key}"}) for key in keys]
    bare = [Request("GET", "/bench/bare/")]
    for requests in (bare, not_modified, full):
        run(port, requests, count=200, concurrency=4)
    rates_304, rates_200 = [], []
    for _ in range(ROUNDS):
        before = _measure(port, "bare", bare, 1000, 200, 4)
        rate = _measure(port, "table_304", not_modified, 1000, 304, 4)
        middle = _measure(port, "bare", bare, 1000, 200, 4)
        full_rate = _measure(port, "table_200", full, 500, 200, 4)
        after = _measure(port, "bare", bare, 1000, 200, 4)
        rates_304.append((rate, (before + middle) / 2))
        rates_200.append((full_rate, (middle + after) / 2))
    return rates_304, rates_200


def main() -> None:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        print("table_app: skipped (no chromium / chromedriver installed)")
        return
    with throwaway_database() as url, tempfile.TemporaryDirectory(prefix="bench-static-") as static:
        # Collected, so served as a deployment serves them: from STATIC_ROOT, gzipped (config/settings.py).
        env = {**_environment(url), "STATIC_ROOT": static, "WHITENOISE_USE_FINDERS": "false"}
        data = load_data(env)
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            env=env,
            cwd=ROOT,
            check=True,
        )
        with gunicorn(env) as port:
            organizer = data["tokens"]["organizer"]
            cards = [
                _post(port, f"/api/v1/events/{data['slug']}/table-tokens/", {"table": table}, organizer)
                for table in range(1, 251)
            ]
            # The card of a table with no deal yet (round 5's tables are the latest published).
            loads = {preset: first_load(cards[100]["url"], preset) for preset in PRESETS}
            polled = os.environ.get("TABLE_APP_POLLING", "1") != "0"
            rates_304, rates_200 = polling(port, [card["key"] for card in cards]) if polled else ([], [])
    for preset, load in loads.items():
        first, later = load["first"], load["later"]
        print(
            f"table_app.first_load_{preset}: app {first['app'] / 1000:.1f} kB in {first['files']} files, "
            f"{first['all'] / 1000:.1f} kB with the API's answers; "
            f"usable after {first['usable'] / 1000:.2f} s (target 150 kB; 2 s)"
        )
        print(
            f"table_app.later_load_{preset}: app {later['app'] / 1000:.1f} kB from the network, "
            f"{later['all'] / 1000:.1f} kB with the API's answers; "
            f"usable after {later['usable'] / 1000:.2f} s"
        )
        for name, load_ in (("first", first), ("later", later)):
            waves = round_trips(load_["path"])
            print(f"table_app.round_trips_{name}_{preset}: {len(waves)} sequential before usable: {waves}")
    if not rates_304:
        return
    for name, pairs in (("poll_304", rates_304), ("poll_200", rates_200)):
        ratio = statistics.median(rate / bare for rate, bare in pairs)
        rate = statistics.median(rate for rate, _ in pairs)
        bare = statistics.median(bare for _, bare in pairs)
        print(
            f"table_app.{name}: {ratio:.3f} of bare DRF [{rate:.0f} req/s, bare {bare:.0f} req/s; 2 workers]"
        )
    rate_304 = statistics.median(rate for rate, _ in rates_304)
    asked = PHONES / POLL_SECONDS
    print(
        f"table_app.phones_{PHONES}: {asked:.0f} polls/s every {POLL_SECONDS} s = "
        f"{asked / rate_304 * 2:.2f} sync workers busy answering 304s on this machine "
        f"({asked / rate_304 * 100:.0f}% of the 2 measured)"
    )


if __name__ == "__main__":
    main()
