"""The database schema as an ordered list of migrations, written once for SQLite and PostgreSQL.

Migration ``i`` (1-based) upgrades a database from version ``i - 1`` to ``i``; :data:`SQLITE` and
:data:`POSTGRESQL` are its statements in each dialect (:mod:`bot.store.ddl` spells them out). SQLite
tracks the version with ``PRAGMA user_version``, PostgreSQL in a one-row ``schema_version`` table.
They are applied in order at start-up, each in its own transaction, so a crash mid-upgrade leaves the
previous version. Never edit a released migration: append a new one.
"""

from __future__ import annotations

from bot.store.ddl import APPEND_ONLY_FUNCTION, AddColumn, AppendOnly, Column, Index, Sql, Step, Table, Type, statements

ID, INT, BIGINT, TEXT = Type.ID, Type.INT, Type.BIGINT, Type.TEXT
GAME = "games (id)"

MIGRATIONS: tuple[tuple[Step, ...], ...] = (
    # 1: games, seats, the append-only action log and the latest snapshot.
    (
        Sql(APPEND_ONLY_FUNCTION, only="postgresql"),
        Table(
            "games",
            (
                Column("id", ID),
                Column("kind", TEXT),
                Column("options", TEXT),
                Column("seed", BIGINT),
                Column("status", TEXT, check="status IN ('lobby', 'active', 'finished', 'cancelled')"),
                Column("host_id", BIGINT),
                Column("guild_id", BIGINT, null=True),
                Column("channel_id", BIGINT, null=True),
                Column("thread_id", BIGINT, null=True),
                Column("version", BIGINT, default="0"),
                Column("turn_timer", BIGINT, null=True),
                Column("replace_after", BIGINT, null=True),
                Column("outcome", TEXT, null=True),
                Column("ai_turn", INT, default="0"),
                Column("created_at", BIGINT),
                Column("updated_at", BIGINT),
                Column("started_at", BIGINT, null=True),
                Column("finished_at", BIGINT, null=True),
            ),
            key=("id",),
        ),
        Index("games_status", "games", ("status", "ai_turn")),
        Table(
            "seats",
            (
                Column("game_id", BIGINT, references=GAME),
                Column("seat", INT),
                Column("user_id", BIGINT, null=True),
                Column("ai_policy", TEXT, null=True),
                Column("timeouts", INT, default="0"),
                Column("autoplay", INT, default="0"),
                Column("to_act", INT, default="0"),
                Column("deadline_at", BIGINT, null=True),
                Column("remind_at", BIGINT, null=True),
                Column("reminded", INT, default="0"),
                Column("paused_left", BIGINT, null=True),
            ),
            key=("game_id", "seat"),
            checks=("user_id IS NOT NULL OR ai_policy IS NOT NULL",),
            rowid=False,
        ),
        Index("seats_user", "seats", ("user_id",), where="user_id IS NOT NULL"),
        Index("seats_remind", "seats", ("remind_at",), where="remind_at IS NOT NULL"),
        Table(
            "actions",
            (
                Column("game_id", BIGINT, references=GAME),
                Column("seq", BIGINT),
                Column("seat", INT),
                Column("kind", TEXT, check="kind IN ('move', 'undo')"),
                Column("choice", TEXT, null=True),
                Column("undo_to", BIGINT, null=True),
                Column("actor", TEXT, check="actor IN ('player', 'ai', 'timeout')"),
                Column("checkpoint", INT),
                Column("events", TEXT),
                Column("created_at", BIGINT),
            ),
            key=("game_id", "seq"),
            checks=("(kind = 'move') = (choice IS NOT NULL) AND (kind = 'undo') = (undo_to IS NOT NULL)",),
            rowid=False,
        ),
        AppendOnly("actions", "the action log"),
        Table(
            "snapshots",
            (Column("game_id", BIGINT, references=GAME), Column("version", BIGINT), Column("state", TEXT)),
            key=("game_id",),
        ),
    ),
    # 2: server data overrides kept with each game, Discord message ids, guild and user settings.
    (
        AddColumn("games", Column("overrides", TEXT, default="'{}'")),
        Table(
            "messages",
            (
                Column("game_id", BIGINT, references=GAME),
                Column("purpose", TEXT),
                Column("channel_id", BIGINT),
                Column("message_id", BIGINT),
            ),
            key=("game_id", "purpose"),
            rowid=False,
        ),
        Table(
            "guild_settings",
            (
                Column("guild_id", BIGINT),
                Column("lang", TEXT, default="'en'"),
                Column("turn_timer", TEXT, default="'off'"),
            ),
            key=("guild_id",),
        ),
        Table(
            "user_settings",
            (Column("user_id", BIGINT), Column("lang", TEXT, default="'en'"), Column("vacation", INT, default="0")),
            key=("user_id",),
        ),
    ),
    # 3: a lobby's chosen seat count and a game's reminder switch; per-user turn DMs (and DMs known to be
    # closed); a server's lobby channel and missed-turn policy; public service notes in a game's log.
    (
        AddColumn("games", Column("seat_count", INT, null=True)),
        AddColumn("games", Column("reminders", INT, default="1")),
        AddColumn("user_settings", Column("dm_turns", INT, default="0")),
        AddColumn("user_settings", Column("dms_closed", INT, default="0")),
        AddColumn("guild_settings", Column("channel_id", BIGINT, null=True)),
        AddColumn("guild_settings", Column("replace_after", BIGINT, null=True)),
        Table(
            "notes",
            (
                Column("id", ID),
                Column("game_id", BIGINT, references=GAME),
                Column("after", BIGINT),
                Column("seat", INT, null=True),
                Column("key", TEXT),
                Column("params", TEXT),
                Column("created_at", BIGINT),
            ),
            key=("id",),
        ),
        Index("notes_game", "notes", ("game_id", "after")),
        AppendOnly("notes", "game notes", plural=True),
    ),
    # 4: several processes on one database. ``revision`` counts every write to a game or its seats, so
    # each write is conditional on the revision its caller read; ``lease_owner``/``lease_until`` let one
    # process claim a game's scheduled work (reminders, timeouts, AI play) until the lease expires.
    (
        AddColumn("games", Column("revision", BIGINT, default="0")),
        AddColumn("games", Column("lease_owner", TEXT, null=True)),
        AddColumn("games", Column("lease_until", BIGINT, null=True)),
    ),
    # 5: people and results. A seat's display name as the table shows it (captured when taken, refreshed
    # on hand-over and renames); whether a user or server chose its language (else Discord's locale
    # decides); the AI level that plays missed turns and the hints switch per game, hints used per seat;
    # and one row per seat of every finished game, for stats, ratings and leaderboards.
    (
        AddColumn("seats", Column("display_name", TEXT, null=True)),
        AddColumn("seats", Column("hints_used", INT, default="0")),
        AddColumn("games", Column("missed_level", TEXT, default="'normal'")),
        AddColumn("games", Column("hints", INT, default="1")),
        AddColumn("user_settings", Column("lang_chosen", INT, default="0")),
        Sql("UPDATE user_settings SET lang_chosen = 1 WHERE lang <> 'en'"),
        AddColumn("guild_settings", Column("lang_chosen", INT, default="0")),
        Sql("UPDATE guild_settings SET lang_chosen = 1 WHERE lang <> 'en'"),
        Table(
            "results",
            (
                Column("game_id", BIGINT, references=GAME),
                Column("seat", INT),
                Column("kind", TEXT),
                Column("guild_id", BIGINT, null=True),
                Column("user_id", BIGINT, null=True),
                Column("ai_level", TEXT, null=True),
                Column("name", TEXT),
                Column("team", INT, null=True),
                Column("score", INT),
                Column("rank", INT),
                Column("winner", INT),
                Column("reason", TEXT),
                Column("changed_hands", INT, default="0"),
                Column("timeouts", INT, default="0"),
                Column("details", TEXT, default="'{}'"),
                Column("finished_at", BIGINT),
            ),
            key=("game_id", "seat"),
            checks=("user_id IS NOT NULL OR ai_level IS NOT NULL",),
            rowid=False,
        ),
        Index("results_user", "results", ("user_id", "finished_at"), where="user_id IS NOT NULL"),
        Index("results_guild", "results", ("guild_id", "kind", "finished_at")),
    ),
    # 6: the outbox. Everything a change owes the players' screens (the board at a version, a seat's turn
    # notice, a reminder, a note about the table, the final scores, the lobby message) is written in the
    # change's own transaction, one row per game and key (a newer change to the same key supersedes the
    # older one), and delivered at least once by the Discord layer, leased so that one process at a time
    # delivers a game's rows; ``blocked`` says why Discord refuses it for now (e.g. a missing permission).
    (
        Table(
            "deliveries",
            (
                Column("game_id", BIGINT, references=GAME),
                Column("key", TEXT),
                Column("lane", TEXT, check="lane IN ('board', 'notice')"),
                Column("version", INT),
                Column("payload", TEXT),
                Column("created_at", BIGINT),
                Column("due_at", BIGINT),
                Column("attempts", INT, default="0"),
                Column("done_at", BIGINT, null=True),
                Column("lease_owner", TEXT, null=True),
                Column("lease_until", BIGINT, null=True),
                Column("blocked", TEXT, null=True),
            ),
            key=("game_id", "key"),
            rowid=False,
        ),
        Index("deliveries_due", "deliveries", ("lane", "due_at"), where="done_at IS NULL"),
    ),
    # 7: tutorials. Where each user stands in each game's guided tutorial, so they can leave and come
    # back: the chapter they run ('' for every chapter in order), the next step (NULL once finished)
    # and the language they learn in.
    (
        Table(
            "tutorials",
            (
                Column("user_id", BIGINT),
                Column("kind", TEXT),
                Column("chapter", TEXT, default="''"),
                Column("step", TEXT, null=True),
                Column("lang", TEXT),
                Column("updated_at", BIGINT),
            ),
            key=("user_id", "kind"),
            rowid=False,
        ),
    ),
    # 8: repairs from Discord's events. A deleted message or channel is looked up by its id among the
    # messages and threads the games keep, on every delete Discord reports in the bot's servers.
    (
        Index("messages_message", "messages", ("message_id",)),
        Index("games_thread", "games", ("thread_id",), where="thread_id IS NOT NULL"),
        Index("games_channel", "games", ("channel_id",), where="channel_id IS NOT NULL"),
    ),
    # 9: active hours. A user's IANA time zone and daily window (minutes after local midnight; ``tz``
    # NULL: always active, as before) and whether they want one daily digest instead of turn pings; a
    # game's choice to count only its players' hours on turn timers (on unless the host turns it off:
    # it changes nothing while no seat has hours); whether the board last showed a waiting seat's player
    # asleep; and, on an owed row held until its player's hours begin, who it waits for.
    (
        AddColumn("user_settings", Column("tz", TEXT, null=True)),
        AddColumn("user_settings", Column("active_from", INT, null=True)),
        AddColumn("user_settings", Column("active_to", INT, null=True)),
        AddColumn("user_settings", Column("digest", INT, default="0")),
        AddColumn("games", Column("active_hours", INT, default="1")),
        AddColumn("seats", Column("asleep", INT, default="0")),
        AddColumn("deliveries", Column("held_for", BIGINT, null=True)),
        Index(
            "deliveries_held", "deliveries", ("held_for", "due_at"), where="held_for IS NOT NULL AND done_at IS NULL"
        ),
    ),
    # 10: web links (bot/links.py). A user's link generation: every link carries the generation it was issued
    # under, and revoking a user's links bumps it, so every earlier link stops opening. A server whose
    # managers turned spectator links off has a row here with spectators = 0.
    (
        Table(
            "link_generations",
            (
                Column("user_id", BIGINT),
                Column("generation", INT, default="0"),
                Column("revoked_at", BIGINT, null=True),
            ),
            key=("user_id",),
            rowid=False,
        ),
        Table(
            "guild_web",
            (Column("guild_id", BIGINT), Column("spectators", INT, default="1")),
            key=("guild_id",),
            rowid=False,
        ),
    ),
    # 11: how many times its level's think budget a game gives its AI seats (the host's setting).
    (AddColumn("games", Column("think", INT, default="1")),),
)

LATEST = len(MIGRATIONS)

SQLITE: tuple[tuple[str, ...], ...] = tuple(statements(migration, "sqlite") for migration in MIGRATIONS)
"""Each migration's SQLite statements."""

POSTGRESQL: tuple[tuple[str, ...], ...] = tuple(statements(migration, "postgresql") for migration in MIGRATIONS)
"""Each migration's PostgreSQL statements."""
