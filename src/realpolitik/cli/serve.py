"""``realpolitik serve``: the web app on one machine, with its games in SQLite (or PostgreSQL)."""

from __future__ import annotations

import argparse
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
    serve.set_defaults(handler=run)


def run(args: argparse.Namespace, console: Console) -> int:
    import uvicorn  # noqa: PLC0415 (only the server needs it; other commands start faster)

    from ..server import Settings, create_app  # noqa: PLC0415

    app = create_app(Settings(database=args.database, bot_delay=args.bot_delay))
    host = f"[{args.host}]" if ":" in args.host else args.host
    console.print(f"realpolitik web app: [bold]http://{host}:{args.port}/[/]", highlight=False)
    console.print(f"games stored in {app.state.store.engine.url.render_as_string()}", highlight=False)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024)
    return 0
