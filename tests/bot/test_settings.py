"""Settings: the database address and the gateway shards of a process."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.settings import Settings


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


def test_database_url_wins_over_database_path_and_names_a_known_store() -> None:
    assert settings(database_path="a.sqlite3").database == "a.sqlite3"
    assert settings(database_path="a.sqlite3", database_url="sqlite:///b.sqlite3").database == "sqlite:///b.sqlite3"
    assert settings(database_url="postgresql://u@h/db").database == "postgresql://u@h/db"
    for bad in ("mysql://u@h/db", "sqlite://host/x.db"):
        with pytest.raises(ValidationError, match="database"):
            settings(database_url=bad)


def test_shard_ids_are_ranges_and_lists_within_the_shard_count() -> None:
    assert settings().shard_id_list is None and settings().syncs_commands
    both = settings(shard_count=8, shard_ids="0-2, 5")
    assert both.shard_id_list == [0, 1, 2, 5] and both.syncs_commands
    other = settings(shard_count=8, shard_ids="4-7")
    assert other.shard_id_list == [4, 5, 6, 7] and not other.syncs_commands  # shard 0's process syncs
    for bad in ({"shard_ids": "0-3"}, {"shard_count": 4, "shard_ids": "2-4"}, {"shard_count": 0}):
        with pytest.raises(ValidationError, match="SHARD"):
            settings(**bad)
    with pytest.raises(ValidationError, match="not a shard number"):
        settings(shard_count=4, shard_ids="one")
