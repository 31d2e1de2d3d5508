"""The demo event of the pages' tests (tests/pages/conftest.py), and the phone of the table app's
browser tests: a Chromium at phone size in each language, zh-Hans first."""

import pytest

from tests.pages.conftest import demo, seeded  # noqa: F401 - fixtures
from tests.table.phone import Phone, chromium


@pytest.fixture(params=["zh", "en"])
def phone(request):
    driver = chromium(request.param)
    yield Phone(driver, request.param)
    driver.quit()
