"""``realpolitik serve``: the web app, with its games in SQLite (one process) or PostgreSQL (one or
several processes, on one machine or several, over one database)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from rich.console import Console

DEFAULT_DATABASE = "sqlite:///realpolitik-games.db"


def add_parser(commands: Any, game: Any = None) -> None:
    serve = commands.add_parser("serve", help="run the web app (online and hot-seat play in the browser)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        help=f"SQLAlchemy URL: sqlite:///FILE or postgresql://USER:PASS@HOST/DB (default {DEFAULT_DATABASE})",
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits before moving (default 0.6)"
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes (PostgreSQL only: the database orders the actions of all of them)",
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For is believed (repeatable); none by default",
    )
    serve.add_argument(
        "--retention-days",
        type=float,
        default=0.0,
        help="delete games with no action for this many days, and older replays (default 0: keep all)",
    )
    serve.add_argument(
        "--replace-after-hours",
        type=float,
        default=48.0,
        help="hours a game waits on an absent seat before another player may give it to a bot (default 48)",
    )
    serve.add_argument(
        "--webhooks-to-local",
        action="store_true",
        help="allow turn webhooks to loopback and private addresses (a receiver on this machine or LAN)",
    )
    serve.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    import uvicorn  # noqa: PLC0415 (only the server needs it; other commands start faster)
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    if args.workers < 1:
        console.print("[red]--workers must be at least 1[/]")
        return 2
    if args.workers > 1 and make_url(args.database).get_backend_name() != "postgresql":
        console.print(
            "[red]several workers need PostgreSQL (--database postgresql://...): SQLite serves one process[/]"
        )
        return 2
    # Each worker builds its own app from these (uvicorn's factory), so one and several workers
    # run the very same code.
    os.environ["REALPOLITIK_DATABASE"] = args.database
    os.environ["REALPOLITIK_BOT_DELAY"] = str(args.bot_delay)
    os.environ["REALPOLITIK_RETENTION_DAYS"] = str(args.retention_days)
    os.environ["REALPOLITIK_REPLACE_AFTER"] = str(args.replace_after_hours * 3600)
    if args.webhooks_to_local:
        os.environ["REALPOLITIK_WEBHOOKS_TO_LOCAL"] = "1"
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"realpolitik web app: [bold]http://{host}:{args.port}/[/]", highlight=False)
    shown = make_url(args.database).render_as_string(hide_password=True)
    console.print(f"games stored in {shown}, {args.workers} process(es)", highlight=False)
    uvicorn.run(
        "realpolitik.server.app:app_from_env",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="warning",
        ws_max_size=64 * 1024,
        # A deadline for each request's headers (slow clients are dropped, docs/web.md).
        http="realpolitik.server.protocol:HeaderDeadline",
        # X-Forwarded-For is believed only from the proxies named (uvicorn would otherwise trust
        # it from loopback, and one client could pose as many to the rate limits).
        proxy_headers=bool(args.trusted_proxy),
        forwarded_allow_ips=",".join(args.trusted_proxy) or None,
        timeout_keep_alive=5,
        limit_concurrency=2000,
    )
    return 0
