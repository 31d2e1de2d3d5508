"""The standings as they were computed before issue 21's speed work: the reference of
tests/engine/scoring/test_ranking_reference.py."""
