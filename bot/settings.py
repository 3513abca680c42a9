"""Settings from the environment and ``.env`` (pydantic-settings); the token is a secret type."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every setting is documented in ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("bricabot.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    data_overrides: Path | None = None
    scheduler_seconds: float = 30.0
    """How often the scheduler looks for due reminders and timeouts."""
