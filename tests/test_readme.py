"""The README's two fresh-machine commands stay in sync with CI and the CLI."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text("utf-8"))


def test_ci_runs_the_readme_test_command() -> None:
    tests = [c for c in _commands() if "pytest" in c]
    assert len(tests) == 1
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert tests[0] in ci


def test_main_command_runs_the_demo() -> None:
    assert any("bricabot demo" in c for c in _commands())
