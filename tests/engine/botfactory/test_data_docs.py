"""Every reconstructed data value is listed in docs/rules-data.md."""

from __future__ import annotations

import pathlib

from engine.botfactory import loader as rules

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "rules-data.md"


def test_every_reconstructed_field_is_documented() -> None:
    text = DOC.read_text("utf-8")
    missing = [
        f"{name}.toml {field}"
        for name, data in rules.bundled().items()
        for field in data.get("reconstructed", {})
        if f"| `{name}.toml` | `{field}` |" not in text
    ]
    assert not missing
