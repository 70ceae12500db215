"""Strict file models and the provenance leaf every content value is written as.

A value in a game's ``data/*.toml`` is a small table holding the value and where it comes from::

    spaces = { value = 6, implied = "§3.3 example, round 2: 3 cubes fill half of Belgium" }
    vp = { value = 2, reconstructed = "G4", why = "..." }

A game describes its files with :class:`Strict` models whose fields are ``Leaf[T]``; pydantic then
refuses bare values, missing or doubled provenance, unknown keys and silent conversions, and
:mod:`.origins` turns its complaints into :class:`~.errors.ContentError` naming file and key.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from ..provenance import Provenance, Status

T = TypeVar("T")

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
"""A lowercase identifier: ``horn-of-africa``, ``big-stick-policy``."""
PosInt = Annotated[int, Field(ge=1)]
NonNegInt = Annotated[int, Field(ge=0)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
"""Non-empty text (surrounding blanks dropped)."""

PROVENANCE_KEYS = ("stated", "implied", "reconstructed")
"""The keys that say where a value comes from; a leaf has exactly one of them."""

_WHAT = {
    "stated": "the section that states it",
    "implied": "the example and the derivation",
    "reconstructed": "the gap it fills (e.g. G4)",
}


class Strict(BaseModel):
    """No unknown keys, no silent conversions (a string is never read as a number)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Leaf(Strict, Generic[T]):
    """One content value and its provenance.

    A game may subclass it to add its own notes (La Belle Époque adds ``en_it``); the subclass
    stays a ``Leaf`` for the audit walk and may extend :meth:`provenance`.
    """

    value: T
    stated: str | None = None
    """Rulebook section that says it (``§5 table``)."""
    implied: str | None = None
    """The example or arithmetic it is worked out from."""
    reconstructed: str | None = None
    """The gap of the rules digest it fills (``G4``); ``why`` is then required."""
    why: str | None = None
    """Why this value (required when reconstructed; a reading note otherwise)."""

    @model_validator(mode="before")
    @classmethod
    def _is_a_leaf_table(cls, data: Any) -> Any:
        # Checked before the fields so that `spaces = 6` is explained, not reported as a type error.
        if not isinstance(data, dict):
            raise ValueError(
                f"got a bare {type(data).__name__} ({data!r}); write every value as a table "
                '{ value = ..., stated|implied|reconstructed = "..." } so it carries its provenance'
            )
        if "value" not in data:
            raise ValueError("the table has no `value`")
        return data

    @model_validator(mode="after")
    def _has_one_provenance(self) -> Self:
        given = [name for name in PROVENANCE_KEYS if getattr(self, name) is not None]
        if len(given) != 1:
            listed = ", ".join(given) if given else "none"
            raise ValueError(
                "give exactly one of `stated` (the section), `implied` (the example and "
                f"derivation) or `reconstructed` (the gap, with `why`); found {listed}"
            )
        source = getattr(self, given[0])
        if not isinstance(source, str) or not source.strip():
            raise ValueError(f"`{given[0]}` is empty; it must name {_WHAT[given[0]]}")
        if given[0] == "reconstructed" and not (self.why and self.why.strip()):
            raise ValueError("a reconstructed value needs `why`, a one-line rationale")
        return self

    @property
    def status(self) -> Status:
        if self.stated is not None:
            return Status.STATED
        if self.implied is not None:
            return Status.IMPLIED
        return Status.RECONSTRUCTED

    def provenance(self) -> Provenance:
        source = self.stated or self.implied or self.reconstructed or ""
        return Provenance(self.status, source.strip(), (self.why or "").strip())
