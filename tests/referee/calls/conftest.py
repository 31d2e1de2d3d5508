"""The event of tests/scoring (``play``: round 1 published, tables 1 and 2) with its staff."""

from tests.scoring.conftest import keeper, play, referee, table_1  # noqa: F401
