"""Which file a value comes from, so every error names the file a person must edit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Origins:
    files: Mapping[str, str]
    """Top-level key (``territory``) -> shipped data file (``territories.toml``)."""
    override_file: str | None = None
    touched: frozenset[str] = field(default_factory=frozenset)
    """Dotted keys the override sets, replaces or removes."""
    guide: str = "docs/content.md"
    """Where people look up the keys of the files (named when a key is unknown)."""

    def overridden(self, override_file: str, touched: frozenset[str]) -> Origins:
        """The same data files with an override applied on top (same guide)."""
        return Origins(self.files, override_file, touched, self.guide)

    def is_overridden(self, key: str) -> bool:
        return any(
            key == mark or key.startswith(mark + ".") or mark.startswith(key + ".") for mark in self.touched
        )

    def file_of(self, *keys: str) -> str:
        """The file to blame for a problem involving ``keys`` (the override if it set any)."""
        if self.override_file is not None and any(self.is_overridden(key) for key in keys):
            return self.override_file
        top = keys[0].split(".", 1)[0] if keys else ""
        return self.files.get(top, self.override_file or "<data>")

    def error(self, key: str, reason: str, *also: str) -> ContentError:
        """A :class:`ContentError` on ``key``; ``also`` are other keys the problem involves."""
        return ContentError(self.file_of(key, *also), key, reason)

    def validate(self, model: type[M], data: Mapping[str, Any]) -> M:
        """``data`` checked against the game's file model; the first problem as a ContentError."""
        try:
            return model.model_validate(dict(data))
        except ValidationError as error:
            raise self.from_validation(error) from None

    def from_validation(self, error: ValidationError) -> ContentError:
        """The first problem pydantic found, in words, plus how many more there are."""
        problems = [self._describe(item) for item in error.errors()]
        key, reason = problems[0]
        if len(problems) > 1:
            more = ", ".join(other for other, _ in problems[1:4])
            reason += f" (and {len(problems) - 1} more problem(s), at {more}"
            reason += ", ...)" if len(problems) > 4 else ")"
        return self.error(key, reason)

    def _describe(self, item: Mapping[str, object]) -> tuple[str, str]:
        loc = [str(part) for part in _as_iterable(item.get("loc", ()))]
        kind = str(item.get("type", ""))
        message = str(item.get("msg", "")).removeprefix("Value error, ")
        if loc and loc[-1] == "[key]":
            key = ".".join(loc[:-1])
            return key, f"`{loc[-2]}` is not a valid id here: {message}"
        if kind == "extra_forbidden":
            return ".".join(loc), f"unknown key (check its spelling against {self.guide})"
        if kind == "missing":
            return ".".join(loc), "is missing (required)"
        # Cut the path at the leaf: ("territory", "china", "spaces", "value", ...) -> key + detail.
        if "value" in loc[1:]:
            at = loc.index("value", 1)
            key, detail = ".".join(loc[:at]), ".".join(loc[at + 1 :])
            where = f"value {detail}" if detail else "value"
            return key, f"{where}: {message} (got {item.get('input')!r})"
        return ".".join(loc), message


def _as_iterable(value: object) -> Iterable[object]:
    return value if isinstance(value, tuple | list) else ()
