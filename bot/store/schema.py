"""The database schema as an ordered list of migrations, tracked with ``PRAGMA user_version``.

Migration ``i`` (1-based) upgrades a database from version ``i - 1`` to ``i``. They are applied in
order at start-up, each in its own transaction, so a crash mid-upgrade leaves the previous version.
Never edit a released migration: append a new one.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, the append-only action log and the latest snapshot.
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        kind          TEXT    NOT NULL,
        options       TEXT    NOT NULL,
        seed          INTEGER NOT NULL,
        status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        host_id       INTEGER NOT NULL,
        guild_id      INTEGER,
        channel_id    INTEGER,
        thread_id     INTEGER,
        version       INTEGER NOT NULL DEFAULT 0,
        turn_timer    INTEGER,
        replace_after INTEGER,
        outcome       TEXT,
        ai_turn       INTEGER NOT NULL DEFAULT 0,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL,
        started_at    INTEGER,
        finished_at   INTEGER
    );
    CREATE INDEX games_status ON games (status, ai_turn);
    CREATE TABLE seats (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        seat        INTEGER NOT NULL,
        user_id     INTEGER,
        ai_policy   TEXT,
        timeouts    INTEGER NOT NULL DEFAULT 0,
        autoplay    INTEGER NOT NULL DEFAULT 0,
        to_act      INTEGER NOT NULL DEFAULT 0,
        deadline_at INTEGER,
        remind_at   INTEGER,
        reminded    INTEGER NOT NULL DEFAULT 0,
        paused_left INTEGER,
        PRIMARY KEY (game_id, seat),
        CHECK (user_id IS NOT NULL OR ai_policy IS NOT NULL)
    ) WITHOUT ROWID;
    CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_remind ON seats (remind_at) WHERE remind_at IS NOT NULL;
    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        kind       TEXT    NOT NULL CHECK (kind IN ('move', 'undo')),
        choice     TEXT,
        undo_to    INTEGER,
        actor      TEXT    NOT NULL CHECK (actor IN ('player', 'ai', 'timeout')),
        checkpoint INTEGER NOT NULL,
        events     TEXT    NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq),
        CHECK ((kind = 'move') = (choice IS NOT NULL) AND (kind = 'undo') = (undo_to IS NOT NULL))
    ) WITHOUT ROWID;
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        version INTEGER NOT NULL,
        state   TEXT    NOT NULL
    );
    """,
    # 2: server data overrides kept with each game, Discord message ids, guild and user settings.
    """
    ALTER TABLE games ADD COLUMN overrides TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE messages (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        purpose    TEXT    NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, purpose)
    ) WITHOUT ROWID;
    CREATE TABLE guild_settings (
        guild_id   INTEGER PRIMARY KEY,
        lang       TEXT NOT NULL DEFAULT 'en',
        turn_timer TEXT NOT NULL DEFAULT 'off'
    );
    CREATE TABLE user_settings (
        user_id  INTEGER PRIMARY KEY,
        lang     TEXT    NOT NULL DEFAULT 'en',
        vacation INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 3: a lobby's chosen seat count and a game's reminder switch; per-user turn DMs (and DMs known to be
    # closed); a server's lobby channel and missed-turn policy; public service notes in a game's log.
    """
    ALTER TABLE games ADD COLUMN seat_count INTEGER;
    ALTER TABLE games ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE user_settings ADD COLUMN dm_turns INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN dms_closed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE guild_settings ADD COLUMN channel_id INTEGER;
    ALTER TABLE guild_settings ADD COLUMN replace_after INTEGER;
    CREATE TABLE notes (
        id         INTEGER PRIMARY KEY,
        game_id    INTEGER NOT NULL REFERENCES games (id),
        after      INTEGER NOT NULL,
        seat       INTEGER,
        key        TEXT    NOT NULL,
        params     TEXT    NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX notes_game ON notes (game_id, after);
    CREATE TRIGGER notes_no_update BEFORE UPDATE ON notes
        BEGIN SELECT RAISE(ABORT, 'game notes are append-only'); END;
    CREATE TRIGGER notes_no_delete BEFORE DELETE ON notes
        BEGIN SELECT RAISE(ABORT, 'game notes are append-only'); END;
    """,
    # 4: several processes on one database. ``revision`` counts every write to a game or its seats, so
    # each write is conditional on the revision its caller read; ``lease_owner``/``lease_until`` let one
    # process claim a game's scheduled work (reminders, timeouts, AI play) until the lease expires.
    """
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN lease_owner TEXT;
    ALTER TABLE games ADD COLUMN lease_until INTEGER;
    """,
    # 5: people and results. A seat's display name as the table shows it (captured when taken, refreshed
    # on hand-over and renames); whether a user or server chose its language (else Discord's locale
    # decides); the AI level that plays missed turns and the hints switch per game, hints used per seat;
    # and one row per seat of every finished game, for stats, ratings and leaderboards.
    """
    ALTER TABLE seats ADD COLUMN display_name TEXT;
    ALTER TABLE seats ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN missed_level TEXT NOT NULL DEFAULT 'normal';
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE user_settings ADD COLUMN lang_chosen INTEGER NOT NULL DEFAULT 0;
    UPDATE user_settings SET lang_chosen = 1 WHERE lang <> 'en';
    ALTER TABLE guild_settings ADD COLUMN lang_chosen INTEGER NOT NULL DEFAULT 0;
    UPDATE guild_settings SET lang_chosen = 1 WHERE lang <> 'en';
    CREATE TABLE results (
        game_id       INTEGER NOT NULL REFERENCES games (id),
        seat          INTEGER NOT NULL,
        kind          TEXT    NOT NULL,
        guild_id      INTEGER,
        user_id       INTEGER,
        ai_level      TEXT,
        name          TEXT    NOT NULL,
        team          INTEGER,
        score         INTEGER NOT NULL,
        rank          INTEGER NOT NULL,
        winner        INTEGER NOT NULL,
        reason        TEXT    NOT NULL,
        changed_hands INTEGER NOT NULL DEFAULT 0,
        timeouts      INTEGER NOT NULL DEFAULT 0,
        details       TEXT    NOT NULL DEFAULT '{}',
        finished_at   INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat),
        CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
    ) WITHOUT ROWID;
    CREATE INDEX results_user ON results (user_id, finished_at) WHERE user_id IS NOT NULL;
    CREATE INDEX results_guild ON results (guild_id, kind, finished_at);
    """,
    # 6: the outbox. Everything a change owes the players' screens (the board at a version, a seat's turn
    # notice, a reminder, a note about the table, the final scores, the lobby message) is written in the
    # change's own transaction, one row per game and key (a newer change to the same key supersedes the
    # older one), and delivered at least once by the Discord layer, leased so that one process at a time
    # delivers a game's rows; ``blocked`` says why Discord refuses it for now (e.g. a missing permission).
    """
    CREATE TABLE deliveries (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        key         TEXT    NOT NULL,
        lane        TEXT    NOT NULL CHECK (lane IN ('board', 'notice')),
        version     INTEGER NOT NULL,
        payload     TEXT    NOT NULL,
        created_at  INTEGER NOT NULL,
        due_at      INTEGER NOT NULL,
        attempts    INTEGER NOT NULL DEFAULT 0,
        done_at     INTEGER,
        lease_owner TEXT,
        lease_until INTEGER,
        blocked     TEXT,
        PRIMARY KEY (game_id, key)
    ) WITHOUT ROWID;
    CREATE INDEX deliveries_due ON deliveries (lane, due_at) WHERE done_at IS NULL;
    """,
    # 7: tutorials. Where each user stands in each game's guided tutorial, so they can leave and come
    # back: the chapter they run ('' for every chapter in order), the next step (NULL once finished)
    # and the language they learn in.
    """
    CREATE TABLE tutorials (
        user_id     INTEGER NOT NULL,
        kind        TEXT    NOT NULL,
        chapter     TEXT    NOT NULL DEFAULT '',
        step        TEXT,
        lang        TEXT    NOT NULL,
        updated_at  INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind)
    ) WITHOUT ROWID;
    """,
    # 8: repairs from Discord's events. A deleted message or channel is looked up by its id among the
    # messages and threads the games keep, on every delete Discord reports in the bot's servers.
    """
    CREATE INDEX messages_message ON messages (message_id);
    CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
    CREATE INDEX games_channel ON games (channel_id) WHERE channel_id IS NOT NULL;
    """,
    # 9: active hours. A user's IANA time zone and daily window (minutes after local midnight; ``tz``
    # NULL: always active, as before) and whether they want one daily digest instead of turn pings; a
    # game's choice to count only its players' hours on turn timers (on unless the host turns it off:
    # it changes nothing while no seat has hours); whether the board last showed a waiting seat's player
    # asleep; and, on an owed row held until its player's hours begin, who it waits for.
    """
    ALTER TABLE user_settings ADD COLUMN tz TEXT;
    ALTER TABLE user_settings ADD COLUMN active_from INTEGER;
    ALTER TABLE user_settings ADD COLUMN active_to INTEGER;
    ALTER TABLE user_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN active_hours INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE seats ADD COLUMN asleep INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE deliveries ADD COLUMN held_for INTEGER;
    CREATE INDEX deliveries_held ON deliveries (held_for, due_at) WHERE held_for IS NOT NULL AND done_at IS NULL;
    """,
    # 10: web links (bot/links.py). A user's link generation: every link carries the generation it was issued
    # under, and revoking a user's links bumps it, so every earlier link stops opening. A server whose
    # managers turned spectator links off has a row here with spectators = 0.
    """
    CREATE TABLE link_generations (
        user_id     INTEGER  NOT NULL PRIMARY KEY,
        generation  INTEGER NOT NULL DEFAULT 0,
        revoked_at  INTEGER
    ) WITHOUT ROWID;
    CREATE TABLE guild_web (
        guild_id    INTEGER  NOT NULL PRIMARY KEY,
        spectators  INTEGER NOT NULL DEFAULT 1
    ) WITHOUT ROWID;
    """,
    # 11: how many times its level's think budget a game gives its AI seats (the host's setting).
    """
    ALTER TABLE games ADD COLUMN think INTEGER NOT NULL DEFAULT 1;
    """,
)

LATEST = len(MIGRATIONS)
