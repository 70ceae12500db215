"""The web app: FastAPI + websockets over a SQL database of games (see docs/web.md)."""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
