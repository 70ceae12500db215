"""The log in the reader's language: a line the rules wrote (``rules/log_lines.py``, English with
ids and codes) is read back to its key and values, then written from the template of the language
asked, with the content's names for regions and tiles.

The terminal calls :func:`translate`; the web page gets :func:`catalog` in its board data and does
the same in ``static/log.js`` (the patterns are written here once, in a syntax both Python's ``re``
and JavaScript's ``RegExp`` read the same way). A line no template knows is shown as written."""

from __future__ import annotations

import re
from functools import cache

from ....engine import JSON
from ..content import Content
from ..rules.log_lines import KINDS, LINES, WORDS

_ID = "[a-z]+(?:-[a-z]+)*"
PATTERNS: dict[str, str] = {
    "empire": "[A-Z]{2}",
    "region": _ID,
    "tile": _ID,
    # an empire, a neutral marker's code (n2g3, n1v) or a raiding tile (pirates, slave-revolt)
    "target": "[A-Z]{2}|[a-z0-9]+(?:-[a-z]+)*",
    "number": "-?\\d+",
    # a pair of dice ([3, 4]), a die with Navigation's bonus (4+2), a proposal's empire or -
    "word": "\\[\\d+, \\d+\\]|[^\\s,:;]+",
    "list": ".+",
}
"""The text each kind of value may be, for reading a line back (closed sets: their words)."""

_SPECIAL = re.compile(r"([\\^$.|?*+()\[\]{}/])")


def _escape(text: str) -> str:
    """Escape what a regular expression reads specially, in a form both Python and JavaScript
    accept (``re.escape`` also escapes characters JavaScript's strict mode refuses)."""
    return _SPECIAL.sub(r"\\\1", text)


def _kind_pattern(kind: str) -> str:
    if kind in WORDS:
        words = sorted(WORDS[kind]["en"].values(), key=len, reverse=True)
        return "|".join(_escape(w) for w in words)
    return PATTERNS[kind]


def pattern(template: str) -> tuple[str, list[str]]:
    """The anchored pattern reading ``template`` back, and its placeholders' names in order."""
    parts = re.split(r"\{(\w+)\}", template)
    out, names = ["^"], []
    for i, part in enumerate(parts):
        if i % 2:
            names.append(part)
            out.append(f"({_kind_pattern(KINDS[part])})")
        else:
            out.append(_escape(part))
    out.append("$")
    return "".join(out), names


@cache
def _compiled() -> list[tuple[str, re.Pattern[str], list[str]]]:
    found = []
    for key, (en, _fr) in LINES.items():
        source, names = pattern(en)
        found.append((key, re.compile(source), names))
    return found


def read(text: str) -> tuple[str, dict[str, str]] | None:
    """The key and the values of a line of the log, or ``None`` when no template knows it."""
    for key, compiled, names in _compiled():
        m = compiled.match(text)
        if m:
            values = dict(zip(names, m.groups(), strict=True))
            for name, value in values.items():  # closed sets: back from their English words
                kind = KINDS[name]
                if kind in WORDS:
                    values[name] = next(k for k, w in WORDS[kind]["en"].items() if w == value)
            return key, values
    return None


def value_in(content: Content, name: str, value: str, lang: str) -> str:
    """One value as the reader reads it: a region's or a tile's name, a closed set's word."""
    kind = KINDS[name]
    fr = lang == "fr"
    if kind in WORDS:
        return WORDS[kind]["fr" if fr else "en"][value]
    if kind == "region" and value in content.regions:
        region = content.regions[value]
        return region.name_fr if fr else region.name_en
    if kind in ("tile", "target") and value in content.tiles:
        tile = content.tiles[value]
        return tile.name_fr if fr else tile.name_en
    return value


def translate(content: Content, text: str, lang: str) -> str:
    """The line in ``lang`` (``en`` or ``fr``) with the content's names; as written if unknown."""
    found = read(text)
    if found is None:
        return text
    key, values = found
    template = LINES[key][1 if lang == "fr" else 0]
    return template.format(**{name: value_in(content, name, v, lang) for name, v in values.items()})


def catalog() -> dict[str, JSON]:
    """What ``static/log.js`` needs: each line's pattern, placeholders and two templates, the
    placeholders' kinds and the closed sets' words."""
    lines: dict[str, JSON] = {}
    for key, (en, fr) in LINES.items():
        source, names = pattern(en)
        lines[key] = {"pattern": source, "names": names, "en": en, "fr": fr}
    return {"lines": lines, "kinds": dict(KINDS), "words": WORDS}
