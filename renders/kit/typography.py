"""Punctuation as each language writes it: French puts a non-breaking space before « : » and « ; »
(the summaries join labels and values with ": " in code, whatever the language)."""

from __future__ import annotations

import re

_BEFORE = re.compile(r"(?<=\S)[ \u00a0]?([:;])(?=\s|$)")


def punctuate(text: str, lang: str) -> str:
    """``text`` with ``lang``'s spacing around colons and semicolons (French: a non-breaking space
    before them; other languages unchanged)."""
    return _BEFORE.sub("\u00a0\\1", text) if lang == "fr" else text
