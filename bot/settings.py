"""Settings from the environment and ``.env`` (pydantic-settings); the token is a secret type."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.store import Limits, sqlite_path

_LIMITS = Limits()


class Settings(BaseSettings):
    """Every setting is documented in ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("bricabot.sqlite3")
    database_url: str | None = None
    """``sqlite:///path`` or ``postgresql://…``; when set it wins over ``database_path``."""
    database_lock_timeout: float = Field(default=_LIMITS.lock_timeout, gt=0, le=60)
    """Seconds a call waits for a lock another connection holds before answering "try again"."""
    database_statement_timeout: float = Field(default=_LIMITS.statement_timeout, gt=0, le=3600)
    """Seconds one PostgreSQL statement may run."""
    database_connect_timeout: float = Field(default=_LIMITS.connect_timeout, gt=0, le=60)
    """Seconds to open a PostgreSQL connection."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    data_overrides: Path | None = None
    scheduler_seconds: float = Field(default=30.0, gt=0, le=300)
    """How often the scheduler looks for due reminders and timeouts (at most five minutes: a deadline
    never falls in the last five minutes of a player's active hours, so its pass comes while they hold)."""
    shard_count: int | None = None
    """How many gateway shards the whole bot runs (every process); ``None``: as Discord recommends."""
    shard_ids: str | None = None
    """The shards this process runs, e.g. ``0-3`` or ``0,2``; ``None``: every shard."""

    # The web pages (web/, docs/web.md).
    web_port: int | None = Field(default=None, ge=1, le=65535)
    """The port ``bricabot web`` listens on, and ``bricabot run`` beside the bot when set."""
    web_base_url: str | None = None
    """The pages' public address (behind a reverse proxy), which links start with; default
    ``http://127.0.0.1:<WEB_PORT>``."""
    web_secret: SecretStr | None = None
    """Signs the links (``/game web``); every process serving or issuing links needs the same one."""
    web_link_days: int = Field(default=30, ge=1, le=366)
    """How long a link opens."""
    web_cache_dir: Path | None = None
    """Where the heavy drawings (replays, reports, history boards) are kept once drawn (``bot/heavy.py``);
    ``None``: ``bricabot-drawings-<uid>`` in the system's temporary folder."""
    web_cache_mb: int = Field(default=256, ge=1, le=1_000_000)
    """The most megabytes of drawings kept there, the least recently served removed first (a long game's
    replay is about a megabyte, each of its boards a tenth of that)."""
    web_drawings: int = Field(default=1, ge=1, le=64)
    """Heavy drawings made at once by one process, each in a process of its own; the others wait their
    turn (the reference machine has two cores, one of them the event loop's)."""
    web_drawing_mb: int = Field(default=1024, ge=128, le=1_000_000)
    """The address space one drawing's process may take, in megabytes (a 230-move game's replay takes
    under 200); a drawing needing more fails and its page answers "busy, try again"."""

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, url: str | None) -> str | None:
        if url is not None:
            sqlite_path(url)  # raises ValueError for an address that is neither SQLite nor PostgreSQL
        return url

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("SHARD_COUNT must be 1 or more")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the total over every process)")
            ids = self.shard_id_list
            assert ids is not None
            if not ids or any(not 0 <= i < self.shard_count for i in ids):
                raise ValueError(f"SHARD_IDS must name shards from 0 to {self.shard_count - 1}")
        return self

    @property
    def database(self) -> str:
        """Where the store lives: ``DATABASE_URL`` when set, else the ``DATABASE_PATH`` file."""
        return self.database_url or str(self.database_path)

    @property
    def store_limits(self) -> Limits:
        """The bounds of every wait on the database (``DATABASE_*_TIMEOUT``)."""
        return Limits(self.database_lock_timeout, self.database_statement_timeout, self.database_connect_timeout)

    @property
    def shard_id_list(self) -> list[int] | None:
        """``SHARD_IDS`` as a sorted list (``0-3`` is 0, 1, 2, 3; ``0,2`` is 0 and 2); ``None``: every shard."""
        if self.shard_ids is None:
            return None
        ids: set[int] = set()
        for part in self.shard_ids.replace(" ", "").split(","):
            first, _, last = part.partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                raise ValueError(f"SHARD_IDS: {part!r} is not a shard number or a range like 0-3")
            ids.update(range(int(first), int(last or first) + 1))
        return sorted(ids)

    @property
    def web_address(self) -> str | None:
        """Where links point: ``WEB_BASE_URL`` without its trailing slash, else the local port; ``None``
        when neither is set (no links can be given)."""
        if self.web_base_url:
            return self.web_base_url.rstrip("/")
        return None if self.web_port is None else f"http://127.0.0.1:{self.web_port}"

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: the one running shard 0 (only one process does)."""
        ids = self.shard_id_list
        return ids is None or 0 in ids
