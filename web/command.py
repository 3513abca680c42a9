"""``bricabot web``: serve the pages until stopped (Ctrl-C or SIGTERM); ``--demo`` plays a game slowly in
a temporary database and prints a local link to watch it live.

Settings come from the environment and ``.env`` as for ``bricabot run``: the database (``DATABASE_URL``
or ``DATABASE_PATH``), ``WEB_PORT``, ``WEB_SECRET`` (required, except for the demo, which makes one up),
``WEB_BASE_URL`` and ``WEB_LINK_DAYS``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import secrets
import signal
import sys
import tempfile
from pathlib import Path

from pydantic import SecretStr, ValidationError

from bot import ai
from bot.links import Signer
from bot.service import open_service
from bot.settings import Settings
from engine import registry
from web.demo import demo_database, open_demo, play_slowly
from web.server import HOST, MissingSecret, WebServer, signer_of

DEFAULT_PORT = 8080


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, help=f"port to listen on (default: WEB_PORT, else {DEFAULT_PORT})")
    parser.add_argument("--host", default=HOST, help=f"address to listen on (default: {HOST})")
    parser.add_argument(
        "--demo", action="store_true", help="play a game slowly in a temporary database and print a link to watch it"
    )
    parser.add_argument("--game", choices=sorted(registry.games()), help="the demo's game (default: the first)")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3), help="the demo's players (default: 3)")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between the demo's moves (default: 3)")
    parser.add_argument("--seed", type=int, default=7, help="the demo game's seed (default: 7)")
    parser.add_argument("--log-level", default="WARNING", help="log level (default: WARNING)")


def run(args: argparse.Namespace) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        error = exc.errors()[0]
        name = str(error["loc"][0]).upper() if error["loc"] else "a setting"
        print(f"bricabot web: {name} is not valid ({error['msg']}); see .env.example.", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.getLevelNamesMapping().get(args.log_level.upper(), logging.WARNING))
    port = args.port if args.port is not None else settings.web_port or DEFAULT_PORT
    try:
        if args.demo:
            asyncio.run(_demo(args, settings, port))
        else:
            asyncio.run(_serve(WebServer(settings, port, host=args.host, signer=signer_of(settings))))
    except MissingSecret as exc:
        print(f"bricabot web: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"bricabot web: cannot listen on {args.host}:{port} ({exc.strerror or exc}).", file=sys.stderr)
        return 2
    return 0


async def _until_stopped() -> None:
    """Wait for SIGTERM or SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


async def _serve(server: WebServer) -> None:
    await server.start()
    print(f"Serving the pages on http://{server.host}:{server.port} (Ctrl-C to stop).", flush=True)
    try:
        await _until_stopped()
    finally:
        await server.stop()


async def _demo(args: argparse.Namespace, settings: Settings, port: int) -> None:
    kind = args.game or next(iter(registry.games()))
    with tempfile.TemporaryDirectory(prefix="bricabot-web-demo-") as folder:
        secret = settings.web_secret or SecretStr(secrets.token_urlsafe(32))
        local = settings.model_copy(
            update={"database_url": None, "database_path": Path(demo_database(Path(folder))), "web_secret": secret}
        )
        service = await open_service(local)
        server = WebServer(local, port, host=args.host, signer=Signer(secret.get_secret_value()), service=service)
        player = None
        try:
            demo = await open_demo(service, kind, args.players, args.seed)
            await server.start()
            root = f"http://{server.host}:{server.port}"
            signer = Signer(secret.get_secret_value())
            watch = root + signer.path(await service.link(demo.users[0], "watch", demo.game_id))
            personal = root + signer.path(await service.link(demo.users[0], "game", demo.game_id))
            print(f"Watch the game live: {watch}", flush=True)
            print(f"The first player's own page (their screen and choices): {personal}", flush=True)
            print(f"A move every {args.every:g} s; Ctrl-C to stop.", flush=True)
            ended = [f"The game has ended; its history, report and replay: {watch}/history"]
            player = asyncio.create_task(play_slowly(service, demo, args.every, ended))
            await _until_stopped()
        finally:
            if player is not None:
                player.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await player
            await server.stop()
            await service.close()
            ai.shutdown()


def main(argv: list[str] | None = None) -> int:
    """``bricabot web`` on its own (``python -m web.command``): what the benchmark starts as a process."""
    parser = argparse.ArgumentParser(prog="bricabot web", description=__doc__)
    configure(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
