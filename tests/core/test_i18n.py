"""Every message marked for translation has a Simplified Chinese text, compiled into the .mo file."""

import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "zh_Hans" / "LC_MESSAGES"


def _po_entries() -> dict[tuple[str | None, str], str]:
    """Each entry's text by (its context, or None; its msgid)."""
    text = (LOCALE / "django.po").read_text(encoding="utf-8")
    entries = {}
    join = lambda m: "".join(re.findall(r'"(.*)"', m.group(1)))  # noqa: E731
    for block in text.split("\n\n"):
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', block + "\n", re.M)
        msgstr = re.search(r'^msgstr(?:\[0\])? ((?:".*"\n?)+)', block + "\n", re.M)
        context = re.search(r'^msgctxt ((?:".*"\n?)+)', block + "\n", re.M)
        if msgid and msgstr:
            entries[(join(context) if context else None, join(msgid))] = join(msgstr)
    entries.pop((None, ""), None)
    return entries


def test_every_message_has_a_chinese_translation():
    untranslated = [msgid for msgid, msgstr in _po_entries().items() if not msgstr]
    assert untranslated == []


def test_the_compiled_catalog_matches_the_po_file():
    with (LOCALE / "django.mo").open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    for context, msgid in _po_entries():
        plain = msgid.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        found = catalog.gettext(plain) if context is None else catalog.pgettext(context, plain)
        assert found != plain, (context, msgid)
