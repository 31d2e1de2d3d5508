"""A phone at a table, in headless Chromium at phone size (Debian's chromium and chromedriver, as
tests/pages/test_browser.py drives them): what the table app's browser tests tap and read."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from django.conf import settings

SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots" / "table"
PHONE = (360, 800)
LANGUAGES = {"zh": "zh-CN", "en": "en-GB"}


def chromium(lang: str):
    """A Chromium whose languages are ``lang``'s (what the app picks its language from)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not (browser and driver_path):
        if os.environ.get("CI"):
            pytest.fail("CI needs chromium and chromedriver (.ci/run installs them)")
        pytest.skip("no chromium / chromedriver installed")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument(f"--lang={LANGUAGES[lang]}")
    options.add_experimental_option("prefs", {"intl.accept_languages": LANGUAGES[lang]})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(30)
    driver.set_window_size(*PHONE)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return driver


class Phone:
    """The table's phone: taps by the app's own attributes, waits for what the app shows."""

    def __init__(self, driver, lang: str):
        from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

        self.driver = driver
        self.lang = lang
        self._ignored = (NoSuchElementException, StaleElementReferenceException)

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.wait_for("#next-deal, .revoked, .card h2")

    def wait(self, condition, timeout: float = 15, message: str = ""):
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(
            self.driver, timeout, poll_frequency=0.1, ignored_exceptions=self._ignored
        ).until(lambda driver: condition(), message)

    def idle(self) -> None:
        """Until no request of the app is on its way (the test's own reads of the database then do
        not run beside the live server's)."""
        self.wait(lambda: self.driver.execute_script("return document.body.dataset.busy || '0'") == "0")

    def find(self, css: str):
        return self.driver.find_element("css selector", css)

    def all(self, css: str):
        return self.driver.find_elements("css selector", css)

    def wait_for(self, css: str, timeout: float = 15):
        return self.wait(lambda: self.find(css), timeout, f"nothing matches {css}")

    def text(self, css: str) -> str:
        return self.wait(lambda: self.find(css).text, message=f"no text at {css}")

    def tap(self, css: str) -> None:
        self.wait(lambda: self.find(css).is_enabled() or None, message=f"{css} is not enabled")
        self.wait(lambda: self.find(css).click() or True, message=f"cannot tap {css}")

    def next_deal(self) -> str:
        return self.find("#next-deal").get_attribute("data-number")

    def wait_next(self, number: int | None) -> None:
        """Until the phone shows deal ``number`` as the next one (None: the match over)."""
        expected = "" if number is None else str(number)
        self.wait(lambda: self.next_deal() == expected, message=f"the next deal is not {expected!r}")

    def type(self, css: str, text: str) -> None:
        """Types into a field once the app has drawn it for good (no request on its way)."""
        self.wait_for(css)
        self.idle()
        self.wait(lambda: self.find(css).send_keys(text) or True, message=f"cannot type into {css}")

    def levels(self) -> dict[str, str]:
        return self.wait(
            lambda: {side: self.find(f'[data-level="{side}"]').text for side in ("NS", "EW")},
            message="no levels shown",
        )

    def notes(self) -> list[str]:
        return self.wait(lambda: [li.text for li in self.all("#preview li")] or None, message="no preview")

    def storage(self, key: str):
        return self.driver.execute_script("return localStorage.getItem(arguments[0])", key)

    def network(self, *, offline: bool) -> None:
        """Chrome DevTools' network emulation (what its "Offline" switch does)."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)

    def shot(self, name: str) -> Path:
        """A screenshot of the whole page at phone width (var/screenshots/table/), for a person to look at."""
        width = PHONE[0]
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(width, min(max(height, PHONE[1]), 4000))
        self.driver.execute_script("window.scrollTo(0, 0)")
        path = SCREENSHOTS / f"{name}-{self.lang}-{width}.png"
        assert self.driver.save_screenshot(str(path))
        self.driver.set_window_size(*PHONE)
        return path

    def scrolls_sideways(self) -> bool:
        return self.driver.execute_script(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
