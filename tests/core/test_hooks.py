"""The hooks a higher layer fills at start-up behave the same when empty (core/hooks.py): the declared
fallback, else one ImproperlyConfigured naming the app that fills them (issue 36)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from core.hooks import Hook
from scoring import rulings
from tournaments import ratings, standings


def test_an_empty_hook_without_a_fallback_names_the_app_that_fills_it():
    with pytest.raises(ImproperlyConfigured, match="No ratings registered: the seasons app registers them"):
        Hook("ratings", filled_by="seasons").get()


def test_an_empty_hook_with_a_fallback_answers_it():
    assert Hook("rulings", filled_by="referee", fallback="as played").get() == "as played"


def test_a_filled_hook_answers_what_filled_it_last():
    hook: Hook[str] = Hook("x", filled_by="y", fallback="z")
    hook.register("a")
    hook.register("b")
    assert hook.get() == "b"


def test_the_three_registries_are_hooks_filled_at_start_up():
    assert all(isinstance(module.HOOK, Hook) for module in (ratings, standings, rulings))
    assert ratings.HOOK.get() is not None and standings.HOOK.get() is not None
    assert rulings.rulings() is not rulings.AS_PLAYED  # the referee app is installed
