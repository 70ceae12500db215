"""A game's content capability, assembled from the shared pieces.

A game writes its file models (:class:`~.leaf.Strict` models of ``Leaf[T]`` fields), one ``build``
function from the merged data to its frozen content object, and how to get the audit entries out of
that object. :class:`ContentPackage` does the rest the same way for every game: reading ``data/``
once, caching the shipped content, applying and checking overrides, and the audit. It has the shape
of a plug-in's content capability (``audit``, ``load_override``, ``option``), so a game can hand it
to the platform as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from ..provenance import AuditEntry
from .files import merge, override_name, read_data_dir, read_override_file
from .origins import Origins

C = TypeVar("C")

Build = Callable[[Mapping[str, Any], Origins], C]
"""Merged data and its origins -> the game's content; raises ContentError through the origins."""


class ContentPackage(Generic[C]):
    """Load, override and audit one game's content.

    ``build`` turns merged data into the game's content object (see :meth:`Origins.validate` and
    :func:`~.audit.collect`); ``audit`` gets the audit entries out of that object::

        PACKAGE = ContentPackage(DATA_DIR, build, audit=lambda content: content.audit)
        PACKAGE.load()                                            # cached
        PACKAGE.load(PACKAGE.load_override_file("my-copy.toml"))  # checked, not cached
        PACKAGE.audit()
    """

    def __init__(
        self,
        data_dir: Path,
        build: Build[C],
        audit: Callable[[C], Iterable[AuditEntry]],
        *,
        guide: str = "docs/content.md",
        option: str = "content",
    ) -> None:
        self.data_dir = data_dir
        self.build = build
        self.audit_of = audit
        self.guide = guide
        """Where people look up the keys of the files (named when a key is unknown)."""
        self.option = option
        """The game option that carries an override into a game (``--content FILE``)."""
        self._shipped_data: tuple[Mapping[str, Any], Mapping[str, str]] | None = None
        self._shipped: C | None = None

    def shipped_data(self) -> tuple[Mapping[str, Any], Mapping[str, str]]:
        """The shipped files merged (read-only) and top-level key -> file; read once."""
        if self._shipped_data is None:
            data, files = read_data_dir(self.data_dir)
            self._shipped_data = MappingProxyType(data), MappingProxyType(files)
        return self._shipped_data

    def origins(self, files: Mapping[str, str]) -> Origins:
        return Origins(files, guide=self.guide)

    def load(self, override: Mapping[str, Any] | None = None) -> C:
        """The content, validated, with ``override`` applied (see :meth:`load_override_file`).

        Without an override the result is built once and cached. Raises ContentError naming the
        file and key of the first bad value.
        """
        if override is None:
            if self._shipped is None:
                data, files = self.shipped_data()
                self._shipped = self.build(data, self.origins(files))
            return self._shipped
        data, files = self.shipped_data()
        return self.apply_override(data, files, override)

    def load_from(self, data_dir: str | Path, override: Mapping[str, Any] | None = None) -> C:
        """Like :meth:`load` from another data folder (not cached; for tests and tools)."""
        data, files = read_data_dir(Path(data_dir))
        if override is None:
            return self.build(data, self.origins(files))
        return self.apply_override(data, files, override)

    def apply_override(
        self, data: Mapping[str, Any], files: Mapping[str, str], override: Mapping[str, Any]
    ) -> C:
        """``override`` merged into ``data`` and built; errors in its values name its file."""
        name = override_name(override)
        merged, touched = merge(data, override, name)
        return self.build(merged, self.origins(files).overridden(name, touched))

    def load_override_file(self, path: str | Path) -> dict[str, Any]:
        """Read a content override TOML (``--content FILE.toml``) and check it against the game.

        Returns the override as a dict (pass it to :meth:`load`); errors name this file.
        """
        override = read_override_file(path)
        self.load(override)  # validate now, so the error names the file while it is at hand
        return override

    def load_override(self, path: Path) -> dict[str, Any]:
        """The plug-in capability's name for :meth:`load_override_file` (a plain dict)."""
        return dict(self.load_override_file(path))

    def audit(self, override: Mapping[str, Any] | None = None) -> list[AuditEntry]:
        """Every content value with its provenance (``realpolitik data audit <game>``)."""
        return list(self.audit_of(self.load(override)))
