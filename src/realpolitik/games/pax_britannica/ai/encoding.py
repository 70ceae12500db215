"""Pax Britannica's fixed action encoding and observation, for learning (``GamePlugin.encoding``,
docs/research.md, issue 21).

**Actions.** Every action is a verb with its words, each word a thing of the content or of the
table: an Area, a location (``home``, an Area, ``sea:ZONE``), a Sea Zone, a Power, a unit kind and
strength, a status level, a treaty kind, a sum among the three the menu offers. The index is the
verb's block offset plus the words' place, so an index names the same action in every position
(``place influence egypt`` is always one number). The rules already ask every multi-part choice
as small decisions (a war's moves one unit and one space at a time, retreats unit by unit,
exchange losses one unit at a time, sealed answers one word each), so no block is a head ×
variant: each argument has its own axis. ``N`` depends only on the content and the player count
(which Great Powers sit at the table).

A = 104 Areas, L = 119 locations, G Great Powers (5 to 8), B = 14 (the 12 Powers, the 2 Empires):

| block | index | size |
| --- | --- | --- |
| ``done`` ``pass`` ``sign`` ``join`` ``decline`` ``accept`` ``refuse`` (and ``secret``) | fixed | 9 |
| one-word answers: ``settle``, ``congress``, ``vote``, ``treaty``, ``peace``, ``aid``, | fixed | 19 |
| ``spoils`` WORD, ``propose codominion``, ``coal none`` | | |
| ``place`` LEVEL AREA (L543-592) | level × Area | 6A |
| ``downgrade`` AREA | Area | A |
| ``buy`` KIND STRENGTH | kind × strength | 6 |
| ``move`` KIND STRENGTH FROM TO (L657-682, L1238-1293) | kind × strength × origin × destination | 6L² |
| ``fleet`` FROM|new TO (a Merchant Fleet) | (new or a Sea Zone) × Sea Zone (12, no Cape) | 13 × 12 |
| ``canal`` AREA | canal Area | 2 |
| ``offer pay`` POWER AMOUNT (L700-702) | Great Power × the menu's sums 5, 10, 20 | 3G |
| ``offer give`` AREA POWER (L599-603) | Area × Great Power | AG |
| ``offer``/``secret`` ``ally``/``lapse`` KIND POWER (L812-845) | both verbs × both × kind × Power | 8G |
| ``reveal`` KIND POWER (L845) | (defensive, offensive, ``ban:AREA``) × Great Power | (2 + A)G |
| ``propose award`` POWER | Power | B |
| ``declare`` POWER[+POWER...] | the set declared on (a bitmask of the 12 Powers) | 4,095 |
| ``attack`` KIND LOC [POWER] (L1314-1333, L1201-1204) | kind × location × (none, or a Power) | 2L(1 + B) |
| ``peace with`` POWER | Power | B |
| ``retreat`` STRENGTH DEST | strength × location | 3L |
| ``lose`` STRENGTH | strength | 3 |
| ``coal`` POWER | Power | B |
| ``offer``/``secret`` ``pact`` POWER | both verbs × Great Power | 2G |
| ``offer``/``secret`` ``lapse`` CLAUSE POWER (a pact or a cap) | both verbs × clause × Power | 2CG |
| ``reveal`` CLAUSE POWER (a pact or a cap) | clause × Great Power | CG |
| ``deny``/``allow`` PASSAGE POWER (L1508-1530) | both verbs × passage (4) × Power | 8B |
| ``propose pass``, ``propose award`` POWER ``pay`` N (L863-866) | pass, Power × the menu's sums | 1 + 3B |
| ``offer``/``secret`` ``lapse`` ``ban:``AREA POWER (L836-839) | both verbs × Area × Power | 2AG |
| ``rights defend``, ``rights pass`` (a Minor's rights, L490-493) | fixed | 2 |
| ``propose redress`` [``pay`` N | ``cede`` AREA] (a grievance, L846-848) | redress, sum, Area | 4 + A |

C = 1 + 2(M + 1) clauses: the non-aggression pact and the unit caps ``cap:army:N`` and
``cap:naval:N`` for N from 0 to M, the most unit counters of one of the table's Great Powers (the
largest cap a Power may promise, rules/treaties.py): M = 32 (Britain's), so C = 67. The three
blocks before the last came with those clauses (issue 16) and the last with the denial of canals
and the Straits (L1508-1530, rules/straits.py); each follows the others, so that every earlier index
kept its number; the Congress's last block (any member's turn to propose, an award with a
payment) came after them, the lapse of a placement ban after it, the answers about a
Minor's rights, then a grievance's redress (rules/congress.py), last.

``N`` = 97,378 at 4 players (G = 5) to 99,274 at 7 (G = 8), +632 a Great Power. The ``move``
block is 84,966 of it: a Movement Phase move goes any distance (L664-682), so any origin may pair
with any destination. It is laid out kind, strength, origin, destination (row-major), so a
network can factor its policy head into "which unit where", then "to where".

An action outside these blocks raises :class:`EncodingError`, never a wrong index: among others
an offer of a sum the menu does not list, a placement-ban offer (``offer ban AREA POWER``) and a
unit-cap offer (``offer cap KIND N POWER``), legal through the plug-in's direct check
(``check_action``) but never in the legal list,
which stays the one source of legality and of the masks. ``decode`` of an index no legal action
has raises ``ValueError``. A declaration on several Powers has one index for the set, whatever
order the legal list writes them in.

**Observation.** Written straight from the state (:meth:`PaxBritannicaEncoding.observe`), it
holds only what the seat's view (``rules/view.py``) shows it: the board (every marker, unit,
Merchant Fleet, Unrest, canal), the tracks, the treasuries, VP and Administrative Records, the
Casus Belli, the wars and their Alliances, the offer under way, the dispute, the Congress and the
spoils with who has answered and the seat's own answer; the treaties the seat knows of (public
ones and its own secret ones). Never another seat's secret treaty, the terms of a secret offer
between two others, a sealed answer of another seat (dispute, Congress call, vote, signature,
spoils, peace, aid) or the generator. Numbers are the game's own (pounds, VP, ETI, counts), not
scaled. Its fields are :meth:`PaxBritannicaEncoding.observation_fields` (docs/research.md lists
them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine import JSON, ObservationField, Seat
from ....engine.observation import ObservationWriter
from ..content import LEVELS, Content
from ..content.build import STRENGTHS
from ..options import content_for, seats_for
from ..rules.actions import CLAUSE_WORDS, PASSAGES, Act
from ..rules.alliance import SEA
from ..rules.board import HOME, controllers
from ..rules.congress import GRIEVANCES, MAX_CLAUSES, grievance_of, split_treaty
from ..rules.negotiation import ANSWERS, OFFER_AMOUNTS
from ..rules.state import PHASES, State
from ..rules.treaties import BAN, CAP, KINDS, PACT, cap_kind, cap_terms
from ..rules.turn import DECISIONS
from ..rules.uprising import NATIVES

SIMPLE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("done", ()),
    ("pass", ()),
    ("sign", ()),
    ("join", ()),
    ("decline", ()),
    ("accept", ()),
    ("refuse", ()),
    ("accept", ("secret",)),
    ("refuse", ("secret",)),
)
"""The actions with no word of the content: one index each."""
WORDS: tuple[tuple[str, str], ...] = (
    ("settle", "share"),
    ("settle", "yield"),
    ("settle", "hold"),
    ("congress", "call"),
    ("congress", "pass"),
    ("vote", "yes"),
    ("vote", "no"),
    ("treaty", "honour"),
    ("treaty", "break"),
    ("peace", "sign"),
    ("peace", "fight"),
    ("peace", "announce"),
    ("aid", "ottomans"),
    ("aid", "enemies"),
    ("aid", "none"),
    ("spoils", "agree"),
    ("spoils", "dispute"),
    ("propose", "codominion"),
    ("coal", "none"),
)
"""Answers of one fixed word."""
UNIT_KINDS = ("army", "naval")
DENY_VERBS = ("deny", "allow")
TREATY_VERBS = ("offer", "secret")
TREATY_ACTS = ("ally", "lapse")
OFFER_KINDS = ("pay", "give", "ally", "lapse", "ban", "pact", "cap", "secret")
"""What an offer's view says it is (``secret``: a secret offer seen by a third seat)."""
OFFER_TREATIES = (*KINDS, PACT)
"""An offer's treaty kind (one-hot; a cap's is written as its unit kind and N)."""
STAGES = ("alliance", "initiative", "maneuver", "attack", "attacks", "supply", "end", "verdict")
"""A war's steps (``rules/war_sequence.py``)."""
CONGRESS_STEPS = ("call", "vote", "sign")
CONGRESS_ANSWERS = ("call", "pass", "yes", "no", "sign", "refuse")
SPOILS_ANSWERS = ("agree", "dispute")
RIGHTS_ANSWERS = ("defend", "pass")
"""The answers to whether a Minor's rights are defended (L490-493), the last action block."""
RECORD = (
    "interest_income",
    "influence_income",
    "control_income",
    "colonial_office",
    "income",
    "marker_upkeep",
    "unit_upkeep",
    "maintenance",
    "net",
    "vp_bought",
)
"""The Administrative Record's lines (``rules/admin.py``)."""
REASONS = (
    "control in ",
    "protectorate in ",
    "entry into ",
    "random event",
    "treaty broken",
    "treaty with ",
    "refused a Congress treaty",
    "denied ",
)
"""The Casus Belli's reasons by their first words (one more slot counts any other)."""
AREA_REASONS = 3
"""The first three reasons name an Area after their words."""
FINAL_LINES = ("accumulated", "bonus", "area_vp", "great_war", "total")
PHASE_NAMES: tuple[str, ...] = tuple(dict.fromkeys((*DECISIONS.handlers, *PHASES)))
"""The view's ``phase``: the decision waited for, else the phase of the turn."""
PHASE_INDEX: dict[str, int] = {name: i for i, name in enumerate(PHASE_NAMES)}


class EncodingError(ValueError):
    """An action outside the layout (no index), or a position the layout cannot write."""


class Layout:
    """The action blocks and the observation's vocabularies for one content and player count."""

    def __init__(self, content: Content, players: int) -> None:
        self.content = content
        self.players = players
        self.seats: tuple[str, ...] = seats_for(players)
        self.seat_index: dict[str, int] = {s: i for i, s in enumerate(self.seats)}
        self.great: tuple[str, ...] = tuple(
            p for p in content.power_ids if 0 < content.powers[p].great_from <= players
        )
        self.great_index: dict[str, int] = {p: i for i, p in enumerate(self.great)}
        self.powers: tuple[str, ...] = tuple(content.power_ids)
        self.power_index: dict[str, int] = {p: i for i, p in enumerate(self.powers)}
        self.names: tuple[str, ...] = (*self.powers, *NATIVES)
        """Every Power and the two Empires (B): what a war, an attack or a Casus Belli may name."""
        self.name_index: dict[str, int] = {p: i for i, p in enumerate(self.names)}
        self.areas: tuple[str, ...] = tuple(content.area_ids)
        self.area_index: dict[str, int] = {a: i for i, a in enumerate(self.areas)}
        self.seas: tuple[str, ...] = tuple(content.seas)
        self.plain: tuple[str, ...] = tuple(s for s in self.seas if not content.seas[s].cape)
        self.plain_index: dict[str, int] = {s: i for i, s in enumerate(self.plain)}
        self.locs: tuple[str, ...] = (HOME, *self.areas, *(SEA + s for s in self.seas))
        self.loc_index: dict[str, int] = {loc: i for i, loc in enumerate(self.locs)}
        self.canals: tuple[str, ...] = tuple(content.regions["canal_areas"])
        licensed: set[str] = set()
        for event in content.events.values():
            for step in event.effects:
                if step["op"] == "licence":
                    licensed |= {str(a) for a in step["areas"]}
        self.licence_areas: tuple[str, ...] = tuple(a for a in self.areas if a in licensed)
        self.strengths: tuple[str, ...] = tuple(str(s) for s in STRENGTHS)
        self.strength_index: dict[str, int] = {s: i for i, s in enumerate(self.strengths)}
        # each Power's unit codes (A1 A3 A10 N1 N3 N10), the Empires' Army (5)
        native_code = "A" + str(content.game["native_army_strength"])
        codes = [("A" if kind == "army" else "N") + s for kind in UNIT_KINDS for s in self.strengths]
        self.unit_slot: dict[tuple[str, str], int] = {}
        slot = 0
        for name in self.names:
            for code in codes if name in self.power_index else [native_code]:
                self.unit_slot[(name, code)] = slot
                slot += 1
        self.unit_slots = slot
        per = len(LEVELS) + 1
        self.marker_row: dict[str, int] = {a: i * len(self.powers) * per for i, a in enumerate(self.areas)}
        self.marker_col: dict[str, int] = {p: i * per for i, p in enumerate(self.powers)}
        self.unit_row: dict[str, int] = {loc: i * slot for i, loc in enumerate(self.locs)}
        self.fleet_row: dict[str, int] = {p: i * len(self.plain) for i, p in enumerate(self.powers)}
        self.stage_index: dict[str, int] = {s: i for i, s in enumerate(STAGES)}
        self.wars = len(self.powers) // 2 + len(NATIVES)
        """At most this many wars at once: a war between Powers has two of them at least and wars
        sharing a belligerent merge (L1225-1232); one Rebellion and one Ottoman war."""
        self.alliances = len(self.powers)
        """At most this many Alliances in one war: each was formed by a Power (L1201-1204)."""
        self.simple_index: dict[tuple[str, tuple[str, ...]], int] = {a: i for i, a in enumerate(SIMPLE)}
        self.word_index: dict[tuple[str, str], int] = {w: i for i, w in enumerate(WORDS)}
        self.level_index: dict[str, int] = {lv: i for i, lv in enumerate(LEVELS)}
        self.reveal_kinds: tuple[str, ...] = (*KINDS, *(BAN + a for a in self.areas))
        self.reveal_index: dict[str, int] = {k: i for i, k in enumerate(self.reveal_kinds)}
        self.cap_limit = max(sum(content.powers[p].unit_counters.values()) for p in self.great)
        """The largest N of a unit cap (``treaties.cap_ceiling``, the most counters of a Power)."""
        self.clauses: tuple[str, ...] = (
            PACT,
            *(cap_kind(unit, n) for unit in UNIT_KINDS for n in range(self.cap_limit + 1)),
        )
        self.clause_index: dict[str, int] = {k: i for i, k in enumerate(self.clauses)}
        a, g, b, n_loc = len(self.areas), len(self.great), len(self.names), len(self.locs)
        k, s = len(UNIT_KINDS), len(self.strengths)
        sizes: list[tuple[str, int]] = [
            ("simple", len(SIMPLE)),
            ("words", len(WORDS)),
            ("place", len(LEVELS) * a),
            ("downgrade", a),
            ("buy", k * s),
            ("move", k * s * n_loc * n_loc),
            ("fleet", (1 + len(self.plain)) * len(self.plain)),
            ("canal", len(self.canals)),
            ("pay", g * len(OFFER_AMOUNTS)),
            ("give", a * g),
            ("treaty", len(TREATY_VERBS) * len(TREATY_ACTS) * len(KINDS) * g),
            ("reveal", len(self.reveal_kinds) * g),
            ("award", b),
            ("declare", (1 << len(self.powers)) - 1),
            ("attack", k * n_loc * (1 + b)),
            ("with", b),
            ("retreat", s * n_loc),
            ("lose", s),
            ("coal", b),
            ("pact", len(TREATY_VERBS) * g),
            ("lapse_clause", len(TREATY_VERBS) * len(self.clauses) * g),
            ("reveal_clause", len(self.clauses) * g),
            ("deny", len(DENY_VERBS) * len(PASSAGES) * b),
            ("propose_more", 1 + b * len(OFFER_AMOUNTS)),
            ("lapse_ban", len(TREATY_VERBS) * a * g),
            ("rights", len(RIGHTS_ANSWERS)),
            ("redress", 1 + len(OFFER_AMOUNTS) + a),
        ]
        self.blocks: list[tuple[str, int, int]] = []
        self.offsets: dict[str, int] = {}
        offset = 0
        for name, size in sizes:
            self.blocks.append((name, offset, size))
            self.offsets[name] = offset
            offset += size
        self.size = offset
        self.cache: dict[Act, int] = {}
        self.fields: list[ObservationField] = _fields(self)
        self.observation_size = sum(f.size for f in self.fields)

    # -- actions ------------------------------------------------------------------------------------

    def index(self, action: Act) -> int:
        """The index of ``action`` (cached: an action's index never depends on the position)."""
        found = self.cache.get(action)
        if found is None:
            found = self._index(action)
            if len(self.cache) < 100_000:
                self.cache[action] = found
        return found

    def _index(self, action: Act) -> int:
        verb, args = action.verb, action.args
        try:
            return self._index_of(verb, args)
        except (KeyError, IndexError, ValueError) as error:
            if isinstance(error, EncodingError):
                raise
            raise EncodingError(f"no index for {action}: {error}") from None

    def _index_of(self, verb: str, args: tuple[str, ...]) -> int:
        off = self.offsets
        n = len(args)
        simple = self.simple_index.get((verb, args))
        if simple is not None:
            return simple
        if n == 1:
            word = self.word_index.get((verb, args[0]))
            if word is not None:
                return off["words"] + word
        n_loc, s = len(self.locs), len(self.strengths)
        if verb == "move" and n == 4:
            unit = UNIT_KINDS.index(args[0]) * s + self.strength_index[args[1]]
            return off["move"] + (unit * n_loc + self.loc_index[args[2]]) * n_loc + self.loc_index[args[3]]
        if verb == "place" and n == 2:
            return off["place"] + self.level_index[args[0]] * len(self.areas) + self.area_index[args[1]]
        if verb == "offer" and n == 3 and args[0] == "pay":
            amount = int(args[2])
            if amount not in OFFER_AMOUNTS:
                raise EncodingError(
                    f"offer pay {args[1]} {amount}: the menu's sums {OFFER_AMOUNTS} have an index"
                )
            return off["pay"] + self.great_index[args[1]] * len(OFFER_AMOUNTS) + OFFER_AMOUNTS.index(amount)
        if verb == "offer" and n == 3 and args[0] == "give":
            return off["give"] + self.area_index[args[1]] * len(self.great) + self.great_index[args[2]]
        if verb in TREATY_VERBS and n == 2 and args[0] == PACT:
            return off["pact"] + TREATY_VERBS.index(verb) * len(self.great) + self.great_index[args[1]]
        if verb in TREATY_VERBS and n == 3 and args[0] == "lapse" and args[1] in self.clause_index:
            head = TREATY_VERBS.index(verb) * len(self.clauses) + self.clause_index[args[1]]
            return off["lapse_clause"] + head * len(self.great) + self.great_index[args[2]]
        if verb in TREATY_VERBS and n == 3 and args[0] == "lapse" and args[1].startswith(BAN):
            head = TREATY_VERBS.index(verb) * len(self.areas) + self.area_index[args[1][len(BAN) :]]
            return off["lapse_ban"] + head * len(self.great) + self.great_index[args[2]]
        if verb in TREATY_VERBS and n == 3 and args[0] in TREATY_ACTS:
            head = (TREATY_VERBS.index(verb) * len(TREATY_ACTS) + TREATY_ACTS.index(args[0])) * len(KINDS)
            return off["treaty"] + (head + KINDS.index(args[1])) * len(self.great) + self.great_index[args[2]]
        if verb == "downgrade" and n == 1:
            return off["downgrade"] + self.area_index[args[0]]
        if verb == "buy" and n == 2:
            return off["buy"] + UNIT_KINDS.index(args[0]) * s + self.strength_index[args[1]]
        if verb == "fleet" and n == 2:
            origin = 0 if args[0] == "new" else 1 + self.plain_index[args[0]]
            return off["fleet"] + origin * len(self.plain) + self.plain_index[args[1]]
        if verb == "canal" and n == 1:
            return off["canal"] + self.canals.index(args[0])
        if verb == "reveal" and n == 2 and args[0] in self.clause_index:
            clause = self.clause_index[args[0]]
            return off["reveal_clause"] + clause * len(self.great) + self.great_index[args[1]]
        if verb == "reveal" and n == 2:
            return off["reveal"] + self.reveal_index[args[0]] * len(self.great) + self.great_index[args[1]]
        if verb == "propose" and n == 2 and args[0] == "award":
            return off["award"] + self.name_index[args[1]]
        if verb == "declare" and n == 1:
            mask = 0
            for target in args[0].split("+"):
                bit = 1 << self.power_index[target]
                if mask & bit:
                    raise EncodingError(f"declare {args[0]}: a Power named twice")
                mask |= bit
            return off["declare"] + mask - 1
        if verb == "attack" and n in (2, 3):
            named = 0 if n == 2 else 1 + self.name_index[args[2]]
            head = UNIT_KINDS.index(args[0]) * len(self.locs) + self.loc_index[args[1]]
            return off["attack"] + head * (1 + len(self.names)) + named
        if verb == "peace" and n == 2 and args[0] == "with":
            return off["with"] + self.name_index[args[1]]
        if verb == "retreat" and n == 2:
            return off["retreat"] + self.strength_index[args[0]] * n_loc + self.loc_index[args[1]]
        if verb == "lose" and n == 1:
            return off["lose"] + self.strength_index[args[0]]
        if verb == "coal" and n == 1:
            return off["coal"] + self.name_index[args[0]]
        if verb in DENY_VERBS and n == 2:
            head = DENY_VERBS.index(verb) * len(PASSAGES) + PASSAGES.index(args[0])
            return off["deny"] + head * len(self.names) + self.name_index[args[1]]
        if verb == "rights" and n == 1:
            return off["rights"] + RIGHTS_ANSWERS.index(args[0])
        if verb == "propose" and args == ("pass",):
            return off["propose_more"]
        if verb == "propose" and args[:1] == ("redress",):
            return off["redress"] + self._redress(args)
        if verb == "propose" and n == 4 and args[0] == "award" and args[2] == "pay":
            amount = int(args[3])
            if amount not in OFFER_AMOUNTS:
                raise EncodingError(
                    f"propose {' '.join(args)}: the menu's sums {OFFER_AMOUNTS} have an index"
                )
            head = self.name_index[args[1]] * len(OFFER_AMOUNTS) + OFFER_AMOUNTS.index(amount)
            return off["propose_more"] + 1 + head
        raise EncodingError(f"no index for {' '.join((verb, *args))}")

    def _redress(self, args: tuple[str, ...]) -> int:
        """A grievance's treaty (rules/congress.py): redress alone, with a sum, with an Area ceded."""
        if len(args) == 1:
            return 0
        if len(args) == 3 and args[1] == "pay" and args[2].isdigit() and int(args[2]) in OFFER_AMOUNTS:
            return 1 + OFFER_AMOUNTS.index(int(args[2]))
        if len(args) == 3 and args[1] == "cede" and args[2] in self.area_index:
            return 1 + len(OFFER_AMOUNTS) + self.area_index[args[2]]
        raise EncodingError(f"propose {' '.join(args)}: no index (the menu's sums are {OFFER_AMOUNTS})")

    def block_of(self, index: int) -> tuple[str, int]:
        """The block holding ``index`` and the index's place in it."""
        if not 0 <= index < self.size:
            raise ValueError(f"index {index} is outside [0, {self.size})")
        for name, offset, size in self.blocks:
            if index < offset + size:
                return name, index - offset
        raise ValueError(f"index {index} is outside [0, {self.size})")  # pragma: no cover

    def action(self, index: int) -> Act:
        """The action an index names (:meth:`index`'s inverse), legal or not; a declaration on
        several Powers names them in the content's order."""
        block, h = self.block_of(index)
        n_loc, s, g = len(self.locs), len(self.strengths), len(self.great)
        if block == "simple":
            verb, args = SIMPLE[h]
            return Act(verb, args)
        if block == "words":
            return Act(WORDS[h][0], (WORDS[h][1],))
        if block == "move":
            unit, rest = divmod(h, n_loc * n_loc)
            origin, dest = divmod(rest, n_loc)
            kind, strength = divmod(unit, s)
            return Act(
                "move", (UNIT_KINDS[kind], self.strengths[strength], self.locs[origin], self.locs[dest])
            )
        if block == "place":
            level, area = divmod(h, len(self.areas))
            return Act("place", (LEVELS[level], self.areas[area]))
        if block == "downgrade":
            return Act("downgrade", (self.areas[h],))
        if block == "buy":
            return Act("buy", (UNIT_KINDS[h // s], self.strengths[h % s]))
        if block == "fleet":
            origin, dest = divmod(h, len(self.plain))
            return Act("fleet", ("new" if origin == 0 else self.plain[origin - 1], self.plain[dest]))
        if block == "canal":
            return Act("canal", (self.canals[h],))
        if block == "pay":
            power, amount = divmod(h, len(OFFER_AMOUNTS))
            return Act("offer", ("pay", self.great[power], str(OFFER_AMOUNTS[amount])))
        if block == "give":
            return Act("offer", ("give", self.areas[h // g], self.great[h % g]))
        if block == "treaty":
            head, power = divmod(h, g)
            head, kind = divmod(head, len(KINDS))
            public, act = divmod(head, len(TREATY_ACTS))
            return Act(TREATY_VERBS[public], (TREATY_ACTS[act], KINDS[kind], self.great[power]))
        if block == "reveal":
            return Act("reveal", (self.reveal_kinds[h // g], self.great[h % g]))
        if block == "award":
            return Act("propose", ("award", self.names[h]))
        if block == "declare":
            mask = h + 1
            return Act("declare", ("+".join(p for i, p in enumerate(self.powers) if mask >> i & 1),))
        if block == "attack":
            head, named = divmod(h, 1 + len(self.names))
            kind, loc = divmod(head, n_loc)
            words = (UNIT_KINDS[kind], self.locs[loc])
            return Act("attack", words if named == 0 else (*words, self.names[named - 1]))
        if block == "with":
            return Act("peace", ("with", self.names[h]))
        if block == "retreat":
            return Act("retreat", (self.strengths[h // n_loc], self.locs[h % n_loc]))
        if block == "lose":
            return Act("lose", (self.strengths[h],))
        if block == "coal":
            return Act("coal", (self.names[h],))
        if block == "pact":
            return Act(TREATY_VERBS[h // g], (PACT, self.great[h % g]))
        if block == "lapse_clause":
            head, power = divmod(h, g)
            public, clause = divmod(head, len(self.clauses))
            return Act(TREATY_VERBS[public], ("lapse", self.clauses[clause], self.great[power]))
        if block == "deny":
            head, name = divmod(h, len(self.names))
            which, passage = divmod(head, len(PASSAGES))
            return Act(DENY_VERBS[which], (PASSAGES[passage], self.names[name]))
        if block == "rights":
            return Act("rights", (RIGHTS_ANSWERS[h],))
        if block == "lapse_ban":
            head, power = divmod(h, g)
            public, area = divmod(head, len(self.areas))
            return Act(TREATY_VERBS[public], ("lapse", BAN + self.areas[area], self.great[power]))
        if block == "redress":
            if h == 0:
                return Act("propose", ("redress",))
            if h <= len(OFFER_AMOUNTS):
                return Act("propose", ("redress", "pay", str(OFFER_AMOUNTS[h - 1])))
            return Act("propose", ("redress", "cede", self.areas[h - 1 - len(OFFER_AMOUNTS)]))
        if block == "propose_more":
            if h == 0:
                return Act("propose", ("pass",))
            name, amount = divmod(h - 1, len(OFFER_AMOUNTS))
            return Act("propose", ("award", self.names[name], "pay", str(OFFER_AMOUNTS[amount])))
        return Act("reveal", (self.clauses[h // g], self.great[h % g]))


_LAYOUTS: dict[tuple[str, int], Layout] = {}


def layout_for(content: Content, players: int) -> Layout:
    key = (content.fingerprint, players)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _LAYOUTS[key] = Layout(content, players)
    return found


def _layout(state: State) -> Layout:
    return layout_for(state.content, len(state.seats))


def _options_layout(options: Mapping[str, JSON]) -> Layout:
    players = options.get("players", 4)
    return layout_for(content_for(options), players if isinstance(players, int) else 4)


def _legal(state: State, seat: Seat) -> Sequence[Act]:
    return DECISIONS.legal_actions(state, state.flow, seat) if state.flow.top() is not None else []


class PaxBritannicaEncoding:
    """The plug-in's :class:`~realpolitik.engine.Encoding` (see the module docstring)."""

    def size(self, options: Mapping[str, JSON]) -> int:
        return _options_layout(options).size

    # -- actions ------------------------------------------------------------------------------------

    def legal_indices(self, state: State, seat: Seat) -> list[int]:
        return self.indexed_legal(state, seat)[1]

    def indexed_legal(self, state: State, seat: Seat) -> tuple[Sequence[Act], list[int]]:
        """The legal list and each action's index, computed once (the environments build the mask
        and decode the chosen index with it)."""
        layout = _layout(state)
        legal = _legal(state, seat)
        indices = [layout.index(a) for a in legal]
        if len(set(indices)) != len(indices):  # two legal actions on one index: never mask them
            raise EncodingError(f"{seat}: two legal actions share an index")
        return legal, indices

    def encode(self, state: State, seat: Seat, action: Act) -> int:
        return _layout(state).index(action)

    def decode(self, state: State, seat: Seat, index: int) -> Act:
        layout = _layout(state)
        action = layout.action(index)  # outside every block: ValueError
        legal = _legal(state, seat)
        if action in legal:
            return action
        if action.verb == "declare":  # the legal list may name the same Powers in another order
            for other in legal:
                if other.verb == "declare" and layout.index(other) == index:
                    return other
        raise ValueError(f"index {index} ({action}) is not legal for {seat} here")

    # -- observation --------------------------------------------------------------------------------

    def observation_fields(self, options: Mapping[str, JSON]) -> Sequence[ObservationField]:
        return _options_layout(options).fields

    def observe(self, state: State, seat: Seat) -> list[float]:
        return _write(_layout(state), state, seat).dense()

    def observe_sparse(self, state: State, seat: Seat) -> tuple[list[int], list[float]]:
        """The observation's non-zero numbers: their positions and values."""
        w = _write(_layout(state), state, seat)
        return w.ones + w.numbers, [1.0] * len(w.ones) + w.values

    def observe_split(self, state: State, seat: Seat) -> tuple[list[int], list[int], list[float]]:
        """The positions holding 1, then the other non-zero numbers' positions and values (most of
        the observation is ones: an environment sets them with one scalar)."""
        w = _write(_layout(state), state, seat)
        return w.ones, w.numbers, w.values


ENCODING = PaxBritannicaEncoding()


# -- the observation's layout -------------------------------------------------------------------------


def _war_size(layout: Layout) -> int:
    b, al = len(layout.names), layout.alliances
    return (
        1 + len(NATIVES) + len(STAGES) + 2  # present, Empire, stage, round, quiet
        + b * al + 2 * b  # each one's Alliance, first, out
        + al + al  # each Alliance's place in the order, the moving one
        + len(layout.powers) * al  # coaling
        + layout.unit_slots  # surrendered units
        + len(PASSAGES) * al  # the Alliances denied each canal or the Straits
    )  # fmt: skip


def _fields(layout: Layout) -> list[ObservationField]:
    n, g, p, b = len(layout.seats), len(layout.great), len(layout.powers), len(layout.names)
    a, al = len(layout.areas), layout.alliances
    seats, great, powers = ", ".join(layout.seats), ", ".join(layout.great), ", ".join(layout.powers)
    names = ", ".join(layout.names)
    return [
        ObservationField("me", n, f"1 for the observing seat, in seat order ({seats})"),
        ObservationField(
            "clock", 5, "the Game Turn (1-10), the ETI, the CRI, Rebellions so far, Balkan Wars"
        ),
        ObservationField(
            "phase",
            len(PHASE_NAMES),
            f"the decision waited for, else the phase of the turn (one-hot: {', '.join(PHASE_NAMES)})",
        ),
        ObservationField(
            "acting",
            n + b + 1,
            "the seats the decision waits for (seat order), then the Power it is for (one-hot over "
            f"{names}; last: none)",
        ),
        ObservationField(
            "offer",
            _offer_size(g, a),
            f"an offer waiting for its answer (L599-603, L700-702, L812-845): present, secret; from and "
            f"to (one-hot over the Great Powers {great}); its kind (one-hot: {', '.join(OFFER_KINDS)}); "
            "the Area given or banned (one-hot, Areas in content order), the sum, the treaty kind "
            "(defensive, offensive, pact), a unit cap's kind (army, naval) and N (a cap offered or "
            "lapsing). A secret offer between two other seats shows only who offers to whom (kind "
            "secret, no terms)",
        ),
        ObservationField(
            "dispute",
            1 + a + p + n + len(ANSWERS),
            f"a dispute (L784-811): present, its Area, the disputing Powers ({powers}), the seats that "
            "have answered, the seat's own sealed answer (share, yield, hold)",
        ),
        ObservationField(
            "congress",
            1 + p + p + a + 2 + b + a + 1 + len(CONGRESS_STEPS) + n + len(CONGRESS_ANSWERS),
            "the Congress of Europe (L846-903): present, its host, its members, the Area treated, the "
            "proposal (award, codominion, the Power awarded), the Areas left unresolved, closed; the "
            "answer asked (call, vote, sign), the seats that have answered, the seat's own sealed "
            "answer (call, pass, yes, no, sign, refuse)",
        ),
        ObservationField(
            "spoils",
            1 + a * p + n + len(SPOILS_ANSWERS),
            "the proposed division of a war's spoils (L1419-1424): present, each Area's taker (one-hot "
            "over the Powers), the seats that have answered, the seat's own sealed answer (agree, dispute)",
        ),
        ObservationField(
            "wars",
            layout.wars * _war_size(layout),
            f"{layout.wars} war slots in the view's order (L1083-1459), each: present; an Empire's war "
            f"(China, the Ottomans); the step due (one-hot: {', '.join(STAGES)}); the War Sequences "
            f"begun, the quiet ones in a row; each of {names}: its Alliance (one-hot over {al} "
            "Alliance slots), among the first declarers, out by a separate peace; each Alliance's place "
            "in the Initiative order (1 first, 0 none), the Alliance whose phases are under way "
            "(one-hot); each neutral Power's Alliance for coaling (one-hot); the units surrendered, a "
            f"count per Power and unit (as in units); each of {', '.join(PASSAGES)}: the Alliances "
            "denied it this War Sequence (L1508-1530)",
        ),
        ObservationField(
            "conquered",
            a * (layout.wars + al),
            "each Area conquered in a war (L1375-1380): the war slot (one-hot), the conquering Alliance "
            "(one-hot)",
        ),
        ObservationField(
            "powers",
            g + n + g + g + g * len(RECORD) + g * len(layout.licence_areas),
            f"per Great Power ({great}): the treasury; per seat: VP; per Great Power: the Merchant "
            f"Fleets waiting to be placed, the forced unit spending left (L348-359), its last "
            f"Administrative Record ({', '.join(RECORD)}), its licences (L341-347) in "
            f"{', '.join(layout.licence_areas)}",
        ),
        ObservationField(
            "fleets",
            p * len(layout.plain),
            "each Power's Merchant Fleets, per Sea Zone (the Capes hold none)",
        ),
        ObservationField(
            "markers",
            a * p * (len(LEVELS) + 1),
            f"each Area (content order), each Power: its Status marker (one-hot: {', '.join(LEVELS)}) "
            "and whether it is established (L561-578)",
        ),
        ObservationField(
            "units",
            len(layout.locs) * layout.unit_slots,
            "each location (home, the Areas, the Sea and Cape Zones at war), each Power's units by "
            "counter (Army 1, 3, 10, Naval 1, 3, 10; an Empire's Army 5): a count",
        ),
        ObservationField("unrest", a, "each Area in Unrest (L304-392, L703-783), Areas in content order"),
        ObservationField("canals", len(layout.canals), f"each canal built ({', '.join(layout.canals)})"),
        ObservationField(
            "casus_belli",
            b * b + len(REASONS) + 1 + a,
            "Casus Belli this turn (L1134-1141): a count per holder and Power held against; a count per "
            "reason (control in an Area, a Protectorate in an Area, entry into an Area, a random event, a "
            "treaty broken, a treaty's obligation, a Congress treaty refused, a canal or the Straits "
            "denied, other); a count per Area "
            "the reason names",
        ),
        ObservationField(
            "treaties",
            12 * g * g + 4 * a,
            "the treaties the seat knows of (L812-845; both ways): defensive, offensive, pact; then the "
            "seat's own secret ones: defensive, offensive, pact; per Area: the placement bans known, a "
            "ban the seat's Powers promised, one promised to them, one of the seat's secret ones; the "
            "unit caps known, per promiser x partner (Great Powers) for army then naval units: one is "
            "there, its N, it is one of the seat's secret ones",
        ),
        ObservationField(
            "final",
            1 + n + n + len(FINAL_LINES) * n + 1 + p,
            "1 once the game is over; the winners, the scores (seat order), each seat's Final Record "
            f"({', '.join(FINAL_LINES)}); the Great War came; the Powers blamed for it",
        ),
        ObservationField(
            "congress_terms",
            len(OFFER_AMOUNTS) + p,
            f"the Congress's proposal, more (L863-866): the sum the Power awarded pays each other "
            f"party ({', '.join(map(str, OFFER_AMOUNTS))}; none: all 0), and the member proposing "
            "now or whose proposal is before the Congress",
        ),
        ObservationField(
            "congress_clauses",
            MAX_CLAUSES * (len(CLAUSE_WORDS) + len(layout.powers) * 2 + a + 2),
            f"the clauses of the Congress's proposal beyond its Area (L866-874, L883-890), {MAX_CLAUSES} "
            f"slots in order, each: its kind (one-hot: {', '.join(CLAUSE_WORDS)}), the Power named "
            "first (grantee, owner of the marker, payer, promiser) and the payee, receiver or partner "
            "(one-hot over every Power), the Area (one-hot), the sum or a cap's N, 1 for a cap on "
            "Naval units; an empty slot is all 0",
        ),
        ObservationField(
            "rights",
            1 + a + 2 * len(layout.powers) + n + len(RIGHTS_ANSWERS),
            "the question whether to defend a Minor's rights (L490-493): present, the Area (one-hot), "
            "the Minor (one-hot over every Power), the Great Powers with Control there, the seats "
            "that have answered, the seat's own sealed answer (defend, pass)",
        ),
        ObservationField(
            "congress_grievance",
            _grievance_size(layout),
            "a grievance before the Congress (a Casus Belli naming no Area, L846-848, L505-506): "
            "present, its holder (one-hot over the Great Powers), its target (one-hot over every "
            f"Power), its reasons ({', '.join(GRIEVANCES)}); the proposal's redress: present, the "
            f"sum the target pays ({', '.join(map(str, OFFER_AMOUNTS))}), the Area it cedes (one-hot)",
        ),
    ]


def _at(index: Mapping[str, int], key: Any, what: str) -> int:
    """``key``'s place in a vocabulary; a name the layout does not know cannot be written."""
    found = index.get(key) if isinstance(key, str) else None
    if found is None:
        raise EncodingError(f"the observation has no place for the {what} {key!r}")
    return found


def _write(layout: Layout, state: State, seat: Seat) -> ObservationWriter:
    """The observation of ``seat``, read from the state: only what its view shows it (a name the
    layout has no place for raises :class:`EncodingError`)."""
    try:
        return _write_all(layout, state, seat)
    except KeyError as error:
        raise EncodingError(f"the observation has no place for {error}") from None


def _write_all(layout: Layout, state: State, seat: Seat) -> ObservationWriter:
    w = ObservationWriter(layout.observation_size)
    n, p, b = len(layout.seats), len(layout.powers), len(layout.names)
    a = len(layout.areas)
    top = state.flow.top()
    kind = top.kind if top is not None else ""
    w.one_hot(n, layout.seat_index.get(seat, -1))
    # clock
    w.add(float(state.turn))
    w.add(float(state.eti))
    w.add(float(state.cri))
    w.add(float(state.rebellions))
    w.add(float(state.balkan_wars))
    w.one_hot(len(PHASE_NAMES), _at(PHASE_INDEX, kind if top is not None else state.phase, "phase"))
    # acting
    waiting = top.waiting() if top is not None else ()
    w.mark(n, [layout.seat_index[s] for s in waiting])
    acting = top.data.get("power") if top is not None else None
    w.one_hot(b + 1, b if acting is None else _at(layout.name_index, acting, "Power"))
    _write_offer(layout, state, seat, w)
    # dispute
    if kind == "dispute" and top is not None:
        data = top.data
        answers: Mapping[str, str] = data["answers"]
        w.flag(True)
        w.one_hot(a, _at(layout.area_index, data["area"], "Area"))
        w.mark(p, [_at(layout.power_index, x, "Power") for x in data["powers"]])
        w.mark(n, [layout.seat_index[s] for s in answers])
        mine = answers.get(seat)
        w.one_hot(len(ANSWERS), ANSWERS.index(mine) if mine in ANSWERS else -1)
    else:
        w.skip(1 + a + p + n + len(ANSWERS))
    _write_congress(layout, state, seat, w)
    # spoils
    if kind == "spoils" and top is not None:
        w.flag(True)
        pos = w.pos
        for area, taker in top.data["proposal"].items():
            w.ones.append(
                pos + _at(layout.area_index, area, "Area") * p + _at(layout.power_index, taker, "Power")
            )
        w.skip(a * p)
        answers = top.data["answers"]
        w.mark(n, [layout.seat_index[s] for s in answers])
        mine = answers.get(seat)
        w.one_hot(len(SPOILS_ANSWERS), SPOILS_ANSWERS.index(mine) if mine in SPOILS_ANSWERS else -1)
    else:
        w.skip(1 + a * p + n + len(SPOILS_ANSWERS))
    _write_wars(layout, state, w)
    # powers
    for power in layout.great:
        w.add(float(state.treasury.get(power, 0)))
    for s in layout.seats:
        w.add(float(state.vp.get(s, 0)))
    for power in layout.great:
        w.add(float(state.pending_fleets.get(power, 0)))
    for power in layout.great:
        forced = state.forced.get(power)
        w.add(float(forced[0]) if forced else 0.0)
    for power in layout.great:
        record = state.record.get(power, {})
        for key in RECORD:
            w.add(float(record.get(key, 0)))
    licences = layout.licence_areas
    for power in layout.great:
        licensed = state.licences.get(power, [])
        w.mark(len(licences), [i for i, area in enumerate(licences) if area in licensed])
    # Merchant Fleets
    pos = w.pos
    ones = w.ones
    fleet_row, plain_index = layout.fleet_row, layout.plain_index
    for power, zones in state.fleets.items():
        row = pos + fleet_row[power]
        for zone in zones:
            ones.append(row + plain_index[zone])
    w.skip(p * len(layout.plain))
    # markers
    pos = w.pos
    marker_row, marker_col, level_index = layout.marker_row, layout.marker_col, layout.level_index
    established_at = len(LEVELS)
    for area, held in state.markers.items():
        row = pos + marker_row[area]
        for power, (level, established) in held.items():
            cell = row + marker_col[power]
            ones.append(cell + level_index[level])
            if established:
                ones.append(cell + established_at)
    w.skip(a * p * (len(LEVELS) + 1))
    # units
    pos = w.pos
    unit_slot, unit_row = layout.unit_slot, layout.unit_row
    for power, places in state.units.items():
        for loc, codes in places.items():
            if not codes:
                continue
            row = pos + unit_row[loc]
            if len(codes) == 1:
                ones.append(row + unit_slot[(power, codes[0])])
                continue
            counts: dict[str, int] = {}
            for code in codes:
                counts[code] = counts.get(code, 0) + 1
            for code, count in counts.items():
                w.put(row + unit_slot[(power, code)], float(count))
    w.skip(len(layout.locs) * layout.unit_slots)
    w.mark(a, [layout.area_index[area] for area in state.unrest])
    w.mark(len(layout.canals), [layout.canals.index(area) for area in state.canals])
    _write_casus_belli(layout, state, w)
    _write_treaties(layout, state, seat, w)
    # final
    final = state.final
    w.flag(final is not None)
    if final is not None:
        winners = final["winners"]
        scores: Mapping[str, int] = final["scores"]
        w.mark(n, [layout.seat_index[s] for s in winners])
        for s in layout.seats:
            w.add(float(scores.get(s, 0)))
        lines: Mapping[str, Mapping[str, int]] = final["lines"]
        for s in layout.seats:
            line = lines.get(s, {})
            for key in FINAL_LINES:
                w.add(float(line.get(key, 0)))
        w.flag(bool(final["great_war"]))
        w.mark(p, [layout.power_index[x] for x in final["blame"]])
    else:
        w.skip(n + n + len(FINAL_LINES) * n + 1 + p)
    congress = state.congress
    proposal: list[str] | None = congress["proposal"] if congress is not None else None
    terms, clauses = split_treaty(proposal) if proposal is not None else ([], [])
    paid = int(terms[3]) if len(terms) == 4 else None
    w.one_hot(len(OFFER_AMOUNTS), OFFER_AMOUNTS.index(paid) if paid in OFFER_AMOUNTS else -1)
    proposer = congress.get("proposer") if congress is not None else None
    w.one_hot(p, _at(layout.power_index, proposer, "Power") if proposer else -1)
    _write_clauses(layout, clauses, w)
    _write_rights(layout, state, seat, w)
    _write_grievance(layout, state, w)
    w.check()
    return w


def _grievance_size(layout: Layout) -> int:
    p, b, a = len(layout.powers), len(layout.names), len(layout.areas)
    return 1 + p + b + len(GRIEVANCES) + 1 + len(OFFER_AMOUNTS) + a


def _write_grievance(layout: Layout, state: State, w: ObservationWriter) -> None:
    """``congress_view``'s ``grievance`` and a redress proposed for it."""
    congress = state.congress
    found = grievance_of(congress["area"]) if congress is not None and congress["area"] else None
    if congress is None or found is None:
        w.skip(_grievance_size(layout))
        return
    holder, target = found
    w.flag(True)
    w.one_hot(len(layout.powers), _at(layout.power_index, holder, "Power"))
    w.one_hot(len(layout.names), _at(layout.name_index, target, "Power"))
    reasons = {r for h, t, r in state.cbs if (h, t) == found}
    w.mark(len(GRIEVANCES), [i for i, r in enumerate(GRIEVANCES) if r in reasons])
    proposal: list[str] | None = congress["proposal"]
    terms = split_treaty(proposal)[0] if proposal is not None else []
    redress = terms[:1] == ["redress"]
    w.flag(redress)
    paid = int(terms[2]) if redress and len(terms) == 3 and terms[1] == "pay" else None
    w.one_hot(len(OFFER_AMOUNTS), OFFER_AMOUNTS.index(paid) if paid in OFFER_AMOUNTS else -1)
    ceded = terms[2] if redress and len(terms) == 3 and terms[1] == "cede" else None
    w.one_hot(len(layout.areas), _at(layout.area_index, ceded, "Area") if ceded is not None else -1)


def _write_rights(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    """The question whether to defend a Minor's rights (``rules/view.py``'s ``rights``)."""
    top = state.flow.top()
    p, a, n = len(layout.powers), len(layout.areas), len(layout.seats)
    if top is None or top.kind != "rights":
        w.skip(1 + a + p + p + n + len(RIGHTS_ANSWERS))
        return
    area = top.data["area"]
    w.flag(True)
    w.one_hot(a, _at(layout.area_index, area, "Area"))
    w.one_hot(p, _at(layout.power_index, top.data["minor"], "Power"))
    rulers = [q for q in controllers(state, area) if q in state.great]
    w.mark(p, [_at(layout.power_index, q, "Power") for q in rulers])
    answers = top.data["answers"]
    w.mark(n, [layout.seat_index[s] for s in answers])
    mine = answers.get(seat)
    w.one_hot(len(RIGHTS_ANSWERS), RIGHTS_ANSWERS.index(mine) if mine in RIGHTS_ANSWERS else -1)


def _write_clauses(layout: Layout, clauses: Sequence[Sequence[str]], w: ObservationWriter) -> None:
    """The clauses of the treaty before the Congress, in order, each: its kind, the Power named
    first (grantee, owner, payer), the payee or receiver, the Area, the sum; a slot without a
    clause is 0."""
    p, a = len(layout.powers), len(layout.areas)
    for slot in range(MAX_CLAUSES):
        if slot >= len(clauses):
            w.skip(len(CLAUSE_WORDS) + p + p + a + 2)
            continue
        clause = clauses[slot]
        kind = clause[0]
        w.one_hot(len(CLAUSE_WORDS), list(CLAUSE_WORDS).index(kind))
        w.one_hot(p, _at(layout.power_index, clause[1], "Power"))
        second = {"pay": 2, "pact": 2, "transfer": 3, "ban": 3, "cap": 4}.get(kind)
        w.one_hot(p, _at(layout.power_index, clause[second], "Power") if second is not None else -1)
        on_area = kind not in ("pay", "cap", "pact")
        w.one_hot(a, _at(layout.area_index, clause[2], "Area") if on_area else -1)
        w.add(float(clause[3]) if kind in ("pay", "cap") else 0.0)
        w.flag(kind == "cap" and clause[2] == "naval")


def _write_offer(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    """The offer as ``rules/view.py`` shows it: a secret one's terms only to its two parties."""
    top = state.flow.top()
    g, a = len(layout.great), len(layout.areas)
    if top is None or top.kind != "offer":
        w.skip(_offer_size(g, a))
        return
    data = top.data
    secret = bool(data.get("secret"))
    parties = {state.player_of.get(str(data[k])) for k in ("from", "to")}
    shown = not secret or seat in parties
    w.flag(True)
    w.flag(secret)
    w.one_hot(g, _at(layout.great_index, data["from"], "Great Power"))
    w.one_hot(g, _at(layout.great_index, data["to"], "Great Power"))
    offer_kind = str(data["kind"]) if shown else "secret"
    w.one_hot(len(OFFER_KINDS), OFFER_KINDS.index(offer_kind))
    area = str(data.get("area", "")) if shown else ""
    w.one_hot(a, _at(layout.area_index, area, "Area") if area else -1)
    w.add(float(data.get("amount", 0)) if shown else 0.0)
    treaty = str(data.get("treaty", "")) if shown else ""
    w.one_hot(len(OFFER_TREATIES), OFFER_TREATIES.index(treaty) if treaty in OFFER_TREATIES else -1)
    unit, limit = cap_terms(treaty) if treaty.startswith(CAP) else ("", 0)
    w.one_hot(len(UNIT_KINDS), UNIT_KINDS.index(unit) if unit else -1)
    w.add(float(limit))


def _offer_size(g: int, a: int) -> int:
    """The offer field's size (``_write_offer``)."""
    return 2 + 2 * g + len(OFFER_KINDS) + a + 1 + len(OFFER_TREATIES) + len(UNIT_KINDS) + 1


def _write_congress(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    """``congress_view``: the Congress's public record, who has answered, the seat's own answer."""
    p, b, a, n = len(layout.powers), len(layout.names), len(layout.areas), len(layout.seats)
    congress = state.congress
    top = state.flow.top()
    asking = top is not None and top.kind in CONGRESS_STEPS
    if congress is None and not (top is not None and top.kind == "call"):
        w.skip(1 + p + p + a + 2 + b + a + 1 + len(CONGRESS_STEPS) + n + len(CONGRESS_ANSWERS))
        return
    w.flag(True)
    if congress is not None:
        host = congress["host"]
        w.one_hot(p, _at(layout.power_index, host, "Power") if host else -1)
        w.mark(p, [_at(layout.power_index, x, "Power") for x in congress["members"]])
        area = congress["area"]
        treated = area if area and grievance_of(area) is None else None  # a grievance: its own field
        w.one_hot(a, _at(layout.area_index, treated, "Area") if treated else -1)
        proposal: list[str] | None = congress["proposal"]
        w.flag(bool(proposal) and proposal is not None and proposal[0] == "award")
        w.flag(bool(proposal) and proposal is not None and proposal[0] == "codominion")
        award = proposal is not None and len(proposal) > 1 and proposal[0] == "award"
        awarded = proposal[1] if proposal is not None and award else None
        w.one_hot(b, _at(layout.name_index, awarded, "Power") if awarded is not None else -1)
        left = [x for x in congress["unresolved"] if grievance_of(x) is None]
        w.mark(a, [_at(layout.area_index, x, "Area") for x in left])
        w.flag(bool(congress["closed"]))
    else:
        w.skip(p + p + a + 2 + b + a + 1)
    if asking and top is not None:
        answers: Mapping[str, str] = top.data["answers"]
        w.one_hot(len(CONGRESS_STEPS), CONGRESS_STEPS.index(top.kind))
        w.mark(n, [layout.seat_index[s] for s in answers])
        mine = answers.get(seat)
        w.one_hot(len(CONGRESS_ANSWERS), CONGRESS_ANSWERS.index(mine) if mine in CONGRESS_ANSWERS else -1)
    else:
        w.skip(len(CONGRESS_STEPS) + n + len(CONGRESS_ANSWERS))


def _write_wars(layout: Layout, state: State, w: ObservationWriter) -> None:
    """Each war as ``rules/view.py``'s ``_war`` shows it, then the Areas conquered."""
    wars = state.wars
    if len(wars) > layout.wars:
        raise EncodingError(f"{len(wars)} wars at once: the observation has {layout.wars} war slots")
    b, al, p = len(layout.names), layout.alliances, len(layout.powers)
    size = _war_size(layout)
    name_index = layout.name_index
    for war in wars:
        start = w.pos
        sides: list[list[str]] = war["sides"]
        if len(sides) > al:
            raise EncodingError(f"{len(sides)} Alliances in one war: the observation has {al} slots")
        w.flag(True)
        native = war.get("native")
        w.one_hot(len(NATIVES), NATIVES.index(native) if native in NATIVES else -1)
        w.one_hot(len(STAGES), _at(layout.stage_index, war["stage"], "war step"))
        w.add(float(war["round"]))
        w.add(float(war["quiet"]))
        pos = w.pos
        for index, side in enumerate(sides):
            for member in side:
                w.ones.append(pos + _at(name_index, member, "Power") * al + index)
        w.skip(b * al)
        w.mark(b, [_at(name_index, x, "Power") for x in war["first"]])
        w.mark(b, [_at(name_index, x, "Power") for x in war["out"]])
        order = [int(i) for i in war["order"]]
        pos = w.pos
        for place, index in enumerate(order):
            w.put(pos + index, float(place + 1))
        w.skip(al)
        phased = war["stage"] in ("maneuver", "attack", "attacks", "supply") and war["turn"] < len(order)
        w.one_hot(al, order[war["turn"]] if phased else -1)
        pos = w.pos
        coaling: Mapping[str, int] = war.get("coaling", {})
        for power, index in coaling.items():
            w.ones.append(pos + _at(layout.power_index, power, "Power") * al + int(index))
        w.skip(p * al)
        pos = w.pos
        surrendered: Mapping[str, list[str]] = war["surrendered"]
        for power, codes in surrendered.items():
            counts: dict[str, int] = {}
            for code in codes:
                counts[code] = counts.get(code, 0) + 1
            for code, count in counts.items():
                slot = layout.unit_slot.get((power, code))
                if slot is None:
                    raise EncodingError(f"the observation has no place for {power}'s unit {code}")
                w.put(pos + slot, float(count))
        w.skip(layout.unit_slots)
        pos = w.pos
        closed: Mapping[str, list[int]] = war.get("closed", {})
        for passage, denied in closed.items():
            for index in denied:
                w.ones.append(pos + PASSAGES.index(passage) * al + int(index))
        w.skip(len(PASSAGES) * al)
        if w.pos != start + size:  # pragma: no cover (the sizes above and _war_size must agree)
            raise AssertionError("a war slot's size disagrees with its fields")
    w.skip((layout.wars - len(wars)) * size)
    # conquered Areas: the war slot and the Alliance
    pos = w.pos
    width = layout.wars + al
    seen: set[int] = set()
    for slot, war in enumerate(wars):
        conquered: Mapping[str, int] = war["conquered"]
        for area, index in conquered.items():
            row = pos + _at(layout.area_index, area, "Area") * width
            for at in (row + slot, row + layout.wars + int(index)):
                if at not in seen:
                    seen.add(at)
                    w.ones.append(at)
    w.skip(len(layout.areas) * width)


def _write_casus_belli(layout: Layout, state: State, w: ObservationWriter) -> None:
    b, a = len(layout.names), len(layout.areas)
    pairs: dict[int, int] = {}
    reasons = [0] * (len(REASONS) + 1)
    areas: dict[int, int] = {}
    for holder, against, reason in state.cbs:
        at = _at(layout.name_index, holder, "Power") * b + _at(layout.name_index, against, "Power")
        pairs[at] = pairs.get(at, 0) + 1
        kind = next((i for i, words in enumerate(REASONS) if reason.startswith(words)), len(REASONS))
        reasons[kind] += 1
        if kind < AREA_REASONS:
            area = _at(layout.area_index, reason[len(REASONS[kind]) :], "Area")
            areas[area] = areas.get(area, 0) + 1
    pos = w.pos
    for at, count in pairs.items():
        w.put(pos + at, float(count))
    w.skip(b * b)
    for count in reasons:
        w.add(float(count))
    pos = w.pos
    for at, count in areas.items():
        w.put(pos + at, float(count))
    w.skip(a)


def _write_treaties(layout: Layout, state: State, seat: Seat, w: ObservationWriter) -> None:
    """The treaties ``seat`` knows of (``visible_treaties``: every public one and the secret ones
    it signed), then its own secret ones; the placement bans; the unit caps."""
    g, a = len(layout.great), len(layout.areas)
    great_index, area_index = layout.great_index, layout.area_index
    player_of = state.player_of
    secret = {(t[0], t[1], t[2]) for t in state.secret_treaties}
    kinds = len(OFFER_TREATIES)
    pairs: list[set[int]] = [set() for _ in range(2 * kinds)]  # known defensive, offensive, pact; own secret
    bans: dict[int, int] = {}
    promised: set[int] = set()
    promised_to: set[int] = set()
    secret_bans: set[int] = set()
    caps: dict[int, int] = {}  # (unit kind, promiser, partner) -> the lowest N known
    secret_caps: set[int] = set()
    for kind, first, second in state.treaties:
        mine = player_of.get(first, first) == seat or player_of.get(second, second) == seat
        hidden = (kind, first, second) in secret
        if hidden and not mine:
            continue  # another seat's secret treaty (L831-832)
        if kind.startswith(BAN):
            area = area_index[kind[len(BAN) :]]
            bans[area] = bans.get(area, 0) + 1
            if player_of.get(first, first) == seat:
                promised.add(area)
            if player_of.get(second, second) == seat:
                promised_to.add(area)
            if hidden:
                secret_bans.add(area)
            continue
        x, y = great_index[first], great_index[second]
        if kind.startswith(CAP):
            unit, limit = cap_terms(kind)
            cell = UNIT_KINDS.index(unit) * g * g + x * g + y
            caps[cell] = min(caps.get(cell, limit), limit)
            if hidden:
                secret_caps.add(cell)
            continue
        at = OFFER_TREATIES.index(kind)
        pairs[at] |= {x * g + y, y * g + x}
        if hidden:
            pairs[kinds + at] |= {x * g + y, y * g + x}
    for known in pairs:
        w.mark(g * g, sorted(known))
    pos = w.pos
    for area, count in bans.items():
        w.put(pos + area, float(count))
    w.skip(a)
    w.mark(a, sorted(promised))
    w.mark(a, sorted(promised_to))
    w.mark(a, sorted(secret_bans))
    cells = len(UNIT_KINDS) * g * g
    w.mark(cells, sorted(caps))
    pos = w.pos
    for cell, limit in caps.items():
        if limit:
            w.put(pos + cell, float(limit))
    w.skip(cells)
    w.mark(cells, sorted(secret_caps))


__all__ = ["ENCODING", "EncodingError", "Layout", "PaxBritannicaEncoding", "layout_for"]
