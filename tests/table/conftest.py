"""The demo event of the pages' tests (tests/pages/conftest.py), for the table app's."""

from tests.pages.conftest import demo, seeded  # noqa: F401 - fixtures
