"""The fast paths behind one setting (core/fast/__init__.py; docs/index.md "Fast paths"): the flags
parsed from FAST_PATHS, read at each call, and the start-up check of the releases each shortcut
was verified against."""

from __future__ import annotations

import importlib

import pytest
from django.core.exceptions import ImproperlyConfigured

from core import fast


def test_all_none_and_a_flag_turned_off_are_parsed():
    assert fast.parse("all") == fast.parse("") == fast.ALL
    assert fast.parse("none") == fast.NONE
    assert fast.parse("all,-read_ahead") == fast.ALL - {"read_ahead"}
    assert fast.parse("read_ahead,lean_input") == {"read_ahead", "lean_input"}


def test_an_unknown_flag_refuses_to_start():
    with pytest.raises(ImproperlyConfigured, match="not a fast path"):
        fast.parse("all,-no_such_path")


def test_a_flag_is_read_at_each_call(settings):
    settings.FAST_PATHS = fast.ALL - {"read_ahead"}
    assert not fast.on("read_ahead") and fast.on("lean_input")
    settings.FAST_PATHS = fast.ALL
    assert fast.on("read_ahead")


def test_a_shortcut_on_a_release_it_was_not_verified_against_names_its_flag():
    with pytest.raises(ImproperlyConfigured, match="FAST_PATHS=all,-prepared_reads"):
        fast.check_versions({"prepared_reads"}, version=lambda name: "99.0")
    fast.check_versions(set(), version=lambda name: "99.0")  # every shortcut off: nothing to check


def test_the_installed_releases_are_the_verified_ones():
    fast.check_versions(fast.ALL)


@pytest.mark.parametrize("name", sorted(fast.PATHS))
def test_each_shortcut_names_a_module_that_exists(name):
    assert importlib.import_module(fast.PATHS[name].module)
