"""The Congress of Europe (L846-903, ETI L1482-1486).

Built as an engine-enforced procedure over the questions of the turn: each Area named by a
Casus Belli (several Powers establishing Control, L727-729; a Minor's Protectorate over a Great
Power's Influence, L482-485), and each **grievance**, a Casus Belli that names no Area but may be
taken to a Congress all the same (L846-848: "any player with a Casus Belli against one or more
other players or Minor Powers can call for a Congress"): a treaty broken before the Congress
(L826-827; one broken later cannot bring a Congress, L843-844) and a Random Event's (the US's
against Spain, L505-506). A grievance is the question ``cb:HOLDER:TARGET`` (every such Casus
Belli of HOLDER against TARGET at once):

1. **Calling**: every Great Power holding such a Casus Belli answers at once, sealed: ``congress
   call`` or ``congress pass``; one call convenes the one Congress of the turn (+3 ETI). It treats
   every disputed Area (L858-862), then the grievances of those who called (a holder that passes
   keeps its grievance out of it: L505-506, "should America take this Casus Belli to the
   Congress"); a Congress that must sit for a Minor's rights treats the Areas only.
2. **Members and site** (readings): the disputants, and every European Great Power of the game
   (they "may attend": here they always do); the US and Japan only as disputants. Austria-Hungary
   never votes (G-R24). The host is the first European Great Power that is no party (A-H may
   host), else the US or Japan if no party, else Germany (L848-857, L898).
3. **Proposals** (L863-874: "any member may propose"; reading: a structured treaty per disputed
   Area, the voting members taking turns to propose, the host first, then the others in the
   game's order): ``propose award POWER`` (that Power keeps its marker; the others' markers there
   step down to Interest where the Area allows it, else go), ``propose award POWER pay N`` (the
   same, and the Power awarded pays £N to each other Great Power party there, L866's money
   transfer; N one of the offers' sums 5, 10, 20, within its treasury; A-H never pays,
   L1546-1547), ``propose codominion`` (every Control holder keeps its marker and an Influence
   holder gets a free Protectorate, L865-874), or ``propose pass``. No marker is left illegally
   placed. A proposal defeated is not put again for the same Area (its terms for the Area, with
   whatever clauses).
   **A grievance's redress** (reading, ours: the rules say only that a Congress "imposes a Treaty"
   and that it may sanction a breach, L826-827): ``propose redress`` (the holder's Casus Belli is
   settled and withdrawn, nothing more), ``propose redress pay N`` (the target, a Great Power,
   pays the holder £N, N one of 5, 10, 20 within its treasury; A-H never pays), and against a
   Minor ``propose redress cede AREA`` (the Minor's marker there passes to the holder, which holds
   none there: L505-506, "any and all Spanish markers may be included"; so may any clause on the
   target Minor's markers).
   **Clauses** beyond the Area (L866-874: "other stipulations", even with no bearing on the
   dispute) may follow the terms, up to :data:`MAX_CLAUSES`: ``clause codominion POWER AREA`` (a
   free Protectorate for a Great Power where another Power holds a Protectorate or Possession;
   every Control holder there must agree, L871-873), ``clause downgrade POWER AREA`` (a marker one
   step down, to what the Area allows, L792-796; +1 ETI a step, L1476), ``clause remove POWER
   AREA`` (the marker goes; +1 ETI a step), ``clause transfer POWER AREA TO`` (the marker passes to
   another Great Power with none there, L797), ``clause pay PAYER PAYEE N``. No clause touches a
   Minor Power's territory (an Area where it holds a marker) outside the disputes it is party to
   (L493-494). The menu lists the treaties without clauses (the bots propose none); a proposal
   with clauses is checked directly (the plug-in's ``check_action``, :func:`proposal_refusal`), as
   the offers' terms are. **Limits on future actions** (L868) are clauses too, each one of the
   Negotiation Phase's treaties between two Powers (rules/treaties.py), made public by the
   Congress: ``clause ban POWER AREA TO`` (POWER promises TO to place no marker in AREA),
   ``clause cap POWER army|naval N TO`` (POWER owns at most N units of that kind, N from those it
   owns to its counters), ``clause pact POWER TO`` (neither declares war on the other). The
   promiser (both, for a pact) signs; broken later, it is broken as the same treaty signed in
   the Negotiation Phase (a Casus Belli for the partner, +5 ETI, L826, L1497).
4. **Vote**: every voting member at once, sealed: ``vote yes`` / ``vote no``; a majority passes,
   the host breaks a tie (a host A-H: the German player's vote counts twice). A defeated proposal
   gives way to the next member's turn to propose; when every member in a row has passed, or no
   proposal is left untried, the Area stays unresolved (L875-879: a disputant may go to war over
   it, declaring at the start of the War Phase, L1178-1184).
5. **Signature**: the Great Power disputants at once, sealed: ``sign`` / ``refuse``; Minors abide
   (L490). The Great Powers a clause binds sign with them (:func:`clause_binds`); one that is no
   party to the dispute may refuse, and then only the clauses that bind it fall, with no Casus
   Belli (L883-890, digest A15). All parties sign: the treaty takes effect (+1 ETI a step of every
   forced reduction, L1476). A party's refusal gives every other member a Casus Belli against the
   refuser, +2 ETI each (L880-882, L1485), and the Area stays unresolved. (L891-896's removal of
   the markers of Casus Belli holders who will not fight waits for the War Phase, where that
   choice is made.)
6. At the end, +3 ETI per Casus Belli left unresolved (L1483-1484).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine.flow import Decision
from ..content import CONTROL, RANK
from .actions import Act
from .board import (
    HOME,
    Log,
    controllers,
    counter_free,
    fits_beside,
    give_way,
    level_of,
    move_all,
    note,
    raise_eti,
    reduce_marker,
    set_marker,
)
from .negotiation import OFFER_AMOUNTS
from .rights import DEFIED, defended, defy
from .rights import parse as parse_rights
from .state import State
from .treaties import (
    BAN,
    PACT,
    allied_by_treaty,
    ban_refusal,
    cap_kind,
    cap_refusal,
    partner_refusal,
    promise,
    sign,
)

EUROPEAN_HOSTS = ("GB", "FR", "DE", "AH", "IT", "RU")
OTHER_HOSTS = ("US", "JP")
GRIEVANCE = "cb:"
"""A question that is a grievance: ``cb:HOLDER:TARGET``."""
GRIEVANCES = ("treaty broken", "random event")
"""The Casus Belli naming no Area that may be taken to a Congress (L826-827, L505-506, L846-848);
the others arise later in the turn (in the Congress itself or in war)."""


def disputed_areas(state: State) -> list[str]:
    """Areas a Casus Belli of a Great Power names, still with markers of both sides (for a Minor's
    defended rights: the Minor's and the Great Power's, L490-493)."""
    found = []
    for holder, against, reason in state.cbs:
        area = _area_of(reason)
        if area is None or holder not in state.great or area in found:
            continue
        held = state.markers.get(area, {})
        rights = parse_rights(reason)
        if (rights[0] if rights is not None else holder) in held and against in held:
            found.append(area)
    return sorted(found)


def grievance(holder: str, target: str) -> str:
    """The question of ``holder``'s grievances against ``target``."""
    return f"{GRIEVANCE}{holder}:{target}"


def grievance_of(item: str) -> tuple[str, str] | None:
    """(holder, target) of a grievance; None for an Area."""
    if not item.startswith(GRIEVANCE):
        return None
    holder, _, target = item[len(GRIEVANCE) :].partition(":")
    return holder, target


def item_of(cb: Sequence[str]) -> str | None:
    """The question a Casus Belli belongs to before a Congress: its Area, its grievance, or None."""
    holder, target, reason = cb[0], cb[1], cb[2]
    area = _area_of(reason)
    if area is not None:
        return area
    return grievance(holder, target) if reason in GRIEVANCES else None


def grievances(state: State) -> list[str]:
    """The grievances a Great Power's player holds (L846-848), in the order they arose."""
    found: list[str] = []
    for holder, target, reason in state.cbs:
        item = grievance(holder, target)
        if reason in GRIEVANCES and holder in state.player_of and item not in found:
            found.append(item)
    return found


def disputes(state: State) -> list[str]:
    """Every question a Congress may treat: the disputed Areas, then the grievances."""
    return [*disputed_areas(state), *grievances(state)]


def item_name(state: State, item: str) -> str:
    """An Area's name, or ``US's Casus Belli against ES``."""
    found = grievance_of(item)
    if found is None:
        return state.content.areas[item].name
    return f"{found[0]}'s Casus Belli against {found[1]}"


def _area_of(reason: str) -> str | None:
    for prefix in ("control in ", "protectorate in "):
        if reason.startswith(prefix):
            return reason[len(prefix) :]
    rights = parse_rights(reason)
    return rights[1] if rights is not None else None


def parties(state: State, area: str) -> list[str]:
    """The Powers of the Casus Belli over ``area`` with a marker there, in the game's order (a
    Minor whose rights are defended among them, L493-496); of a grievance, its holder and target."""
    found = grievance_of(area)
    if found is not None:
        return [p for p in state.content.power_ids if p in found]
    named: set[str] = set()
    for holder, against, reason in state.cbs:
        if _area_of(reason) == area:
            rights = parse_rights(reason)
            named.update((holder, against) if rights is None else (rights[0], against))
    return [p for p in state.content.power_ids if p in named and p in state.markers.get(area, {})]


def _defenders(state: State, areas: Sequence[str]) -> set[str]:
    """The Great Powers defending a Minor's rights in one of ``areas`` (members, L490-493)."""
    return {h for h, _, r in state.cbs if parse_rights(r) is not None and _area_of(r) in areas}


def start_congress(state: State, log: Log = None) -> None:
    areas = disputes(state)
    holders = sorted({c[0] for c in state.cbs if c[0] in state.great and item_of(c) in areas})
    if not areas or not holders:
        return
    if _defenders(state, areas):
        # L490-493: a Great Power defends a Minor's rights: a Congress must sit (all disputes, L858;
        # no grievance: nobody called to take one to it)
        convene(state, disputed_areas(state), log, "as a Great Power defends a Minor's rights", "L490-493")
        return
    seats = list(dict.fromkeys(state.player_of[p] for p in state.great if p in holders))
    state.flow.push(Decision("call", seats, {"answers": {}, "areas": areas}))


def _members(state: State, areas: list[str]) -> tuple[list[str], str]:
    party = {p for a in areas for p in parties(state, a) if p in state.great} | _defenders(state, areas)
    members = [p for p in state.great if p in party or (p in EUROPEAN_HOSTS)]
    host = next((p for p in EUROPEAN_HOSTS if p in state.great and p not in party), None)
    if host is None:
        host = next((p for p in OTHER_HOSTS if p in state.great and p not in party), "DE")
    if host not in members:
        members.append(host)
    return members, host


def _proposing(members: list[str], host: str) -> dict[str, Any]:
    """Who proposes, in turn (L863: any member; reading: the host first, then the other voting
    members in the game's order; A-H never votes, G-R24, so its German player proposes in its
    place when A-H hosts)."""
    first = "DE" if host == "AH" else host
    return {
        "proposers": [first, *[p for p in members if p not in (first, "AH")]],
        "turn": 0,
        "passes": 0,
        "proposer": None,
    }


def _voters(state: State) -> list[str]:
    congress = state.congress
    assert congress is not None
    return [p for p in congress["members"] if p != "AH"]  # G-R24: A-H never votes


PASS: Act = Act("propose", ("pass",))


def _redresses(state: State, holder: str, target: str) -> list[Act]:
    """A grievance's treaties (the module's reading): redress alone, with a payment by a Great
    Power, or with a Minor's marker ceded (L505-506)."""
    options = [Act("propose", ("redress",))]
    if target in state.great:
        if target != "AH":  # L1546-1547: Austria-Hungary never gives money
            treasury = state.treasury.get(target, 0)
            options.extend(Act("propose", ("redress", "pay", str(n))) for n in OFFER_AMOUNTS if n <= treasury)
        return options
    for area in state.content.area_ids:
        level = level_of(state, area, target)
        if level in DOWNGRADABLE and level_of(state, area, holder) is None:
            assert level is not None
            if counter_free(state, holder, level, None):
                options.append(Act("propose", ("redress", "cede", area)))
    return options


def _proposals(state: State, area: str) -> list[Act]:
    found = grievance_of(area)
    if found is not None:
        return _redresses(state, *found)
    held = state.markers.get(area, {})
    options = []
    for power in [p for p in parties(state, area) if p in held]:
        options.append(Act("propose", ("award", power)))
        paid = _compensated(state, held, power)
        if not paid or power not in state.great or power == "AH":  # a Minor has no treasury;
            continue  # L1546-1547: Austria-Hungary never gives money
        treasury = state.treasury.get(power, 0)
        options.extend(
            Act("propose", ("award", power, "pay", str(n)))
            for n in OFFER_AMOUNTS
            if n * len(paid) <= treasury
        )
    minor_rights = any(parse_rights(r) is not None and _area_of(r) == area for _, _, r in state.cbs)
    if any(lv in CONTROL for lv, _ in held.values()) and not minor_rights:
        # (a Minor's Influence cannot stand beside Control, L792-796: no codominion where its
        # rights are defended)
        options.append(Act("propose", ("codominion",)))
    return options


def _compensated(state: State, held: dict[str, tuple[str, bool]], awarded: str) -> list[str]:
    """The other Great Powers with a marker in the Area (``held``, as it stands before the award):
    an award's ``pay`` clause pays each of them."""
    return [p for p in state.great if p != awarded and p in held]


def _untried(state: State) -> list[Act]:
    congress = state.congress
    assert congress is not None
    tried = congress["tried"]
    return [a for a in _proposals(state, congress["area"]) if str(a) not in tried]


def _ask_proposal(state: State) -> None:
    """The member whose turn it is to propose (the host first, then the other voters in turn)."""
    congress = state.congress
    assert congress is not None
    proposer = congress["proposers"][congress["turn"]]
    congress["proposer"], congress["proposal"] = proposer, None
    state.flow.replace(Decision("propose", state.player_of[proposer], {}))


def _next_proposer(state: State, log: Log) -> None:
    """After a pass or a defeated proposal: the next member's turn, or the Area left unresolved
    once every member in a row has passed or no proposal is left untried (L875-879)."""
    congress = state.congress
    assert congress is not None
    if congress["passes"] >= len(congress["proposers"]) or not _untried(state):
        area = congress["area"]
        congress["unresolved"] = [*congress["unresolved"], area]
        note(log, f"No treaty for {item_name(state, area)}", "L878")
        _next_area(state, log)
        return
    congress["turn"] = (congress["turn"] + 1) % len(congress["proposers"])
    _ask_proposal(state)


def _next_area(state: State, log: Log) -> None:
    """Put the next disputed Area before the Congress, or close it."""
    congress = state.congress
    assert congress is not None
    while congress["queue"]:
        area = congress["queue"][0]
        congress["queue"] = congress["queue"][1:]
        if area in disputes(state):
            congress["area"], congress["tried"], congress["proposal"] = area, [], None
            congress["turn"], congress["passes"] = 0, 0
            _ask_proposal(state)
            return
    congress["proposer"] = None
    _close(state, log)


def _give_way(state: State, area: str, log: Log) -> None:
    """A Minor's rights left unresolved by the Congress (reading, L875-879, L891-896): its
    Influence, kept beside the established Control marker through Marker Adjustment for the
    Congress (rules/rights.py), steps down as Marker Adjustment would have stepped it (L792-796,
    +1 ETI a step, L1476); its defenders keep their Casus Belli for the War Phase. Not where the
    Great Power defied an award to the Minor: the Minor's war decides (L496-499)."""
    rulers = controllers(state, area)
    if not any(p in state.great for p in rulers):
        return
    for power, (level, _) in list(state.markers.get(area, {}).items()):
        if power in rulers or level != "influence" or not defended(state, area, power):
            continue
        if any(c[0] == power and c[2] == DEFIED + area for c in state.cbs):
            continue  # the Congress awarded it the Area and was defied: its war decides (L496-499)
        name = state.content.areas[area].name
        why = f"{power}'s rights in {name} stay unresolved: its Influence gives way"
        give_way(state, area, power, rulers, log, why=why)


def _close(state: State, log: Log) -> None:
    congress = state.congress
    assert congress is not None
    for area in congress["unresolved"]:
        if grievance_of(area) is None:
            _give_way(state, area, log)
    unresolved = [c for c in state.cbs if item_of(c) in congress["unresolved"]]
    if unresolved:
        raise_eti(state, 3 * len(unresolved), log, f"{len(unresolved)} Casus Belli left unresolved", "L1483")
    congress["closed"] = True
    state.flow.pop()


def convene(
    state: State,
    areas: list[str],
    log: Log,
    why: str = "over the spoils",
    rule: str = "L1422-1424",
) -> None:
    """A Congress called automatically (L1422-1424: the victors squabble over the spoils; L490-493:
    a Minor's rights defended): no call, the same members, host, proposals, votes and signatures,
    +3 ETI."""
    members, host = _members(state, areas)
    state.congress = {
        "host": host,
        "members": members,
        "queue": list(areas),
        "area": None,
        "tried": [],
        "proposal": None,
        "unresolved": [],
        "closed": False,
        **_proposing(members, host),
    }
    note(log, f"A Congress of Europe is called {why}, held in {host}'s country", rule)
    raise_eti(state, state.content.tensions["congress"], log, "a Congress convenes", "L1482")
    host_seat = state.player_of[host]
    state.flow.push(Decision("call", host_seat, {"answers": {}, "areas": list(areas)}))  # replaced at once
    _next_area(state, log)


class Call:
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("congress", ("call",)), Act("congress", ("pass",))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        callers = sorted(s for s, a in decision.data["answers"].items() if a == "call")
        if not callers:
            note(log, "No Congress of Europe is called", "L859")
            state.flow.pop()
            return
        # a grievance goes before the Congress only if its holder called it (L505-506: "should
        # America take this Casus Belli to the Congress"); every disputed Area does (L858-862)
        areas = [
            a
            for a in decision.data["areas"]
            if (found := grievance_of(a)) is None or state.player_of.get(found[0]) in callers
        ]
        members, host = _members(state, areas)
        state.congress = {
            "host": host,
            "members": members,
            "queue": areas,
            "area": None,
            "tried": [],
            "proposal": None,
            "unresolved": [],
            "closed": False,
            **_proposing(members, host),
        }
        note(log, f"{', '.join(callers)} call a Congress of Europe, held in {host}'s country", "L846-857")
        raise_eti(state, state.content.tensions["congress"], log, "a Congress convenes", "L1482")
        _next_area(state, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a call never suspends anything")


class Propose:
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [*_untried(state), PASS]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        congress = state.congress
        assert congress is not None
        name = item_name(state, congress["area"])
        if action == PASS:
            congress["passes"] += 1
            note(log, f"{congress['proposer']} makes no proposal for {name}", "L863")
            _next_proposer(state, log)
            return
        main, _ = split_treaty(action.args)
        congress["proposal"] = list(action.args)
        congress["tried"] = [*congress["tried"], str(Act("propose", tuple(main)))]
        congress["passes"] = 0
        note(log, f"{congress['proposer']} proposes for {name}: {' '.join(action.args)}", "L863")
        seats = list(dict.fromkeys(state.player_of[p] for p in _voters(state)))
        state.flow.replace(Decision("vote", seats, {"answers": {}}))

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a proposal never suspends anything")


class Vote:
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("vote", ("yes",)), Act("vote", ("no",))]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.args[0]}
        if not decision.complete():
            return
        state.reveals += 1
        congress = state.congress
        assert congress is not None
        answers: dict[str, str] = decision.data["answers"]
        yes = sum(1 for a in answers.values() if a == "yes")
        no = len(answers) - yes
        host_seat = state.player_of[congress["host"]]
        passed = yes > no or (yes == no and answers.get(host_seat) == "yes")  # L876-877, L898-899
        note(
            log,
            "Vote: "
            + ", ".join(f"{s} {a}" for s, a in answers.items())
            + (" - passed" if passed else " - defeated"),
            "L875",
        )
        area = congress["area"]
        if passed:
            signers = [p for p in parties(state, area) if p in state.great]
            seats = list(dict.fromkeys(state.player_of[p] for p in signers))
            free = [s for s in _named_seats(state, congress["proposal"]) if s not in seats]
            if seats or free:
                state.flow.replace(Decision("sign", [*seats, *free], {"answers": {}, "free": free}))
                return
            _enact(state, log)
            _next_area(state, log)
            return
        _next_proposer(state, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a vote never suspends anything")


class Sign:
    def choices(self, state: State, seat: str, decision: Decision) -> Sequence[Act]:
        return [Act("sign"), Act("refuse")]

    def apply(self, state: State, seat: str, action: Act, decision: Decision, log: Log) -> None:
        decision.data["answers"] = {**decision.data["answers"], seat: action.verb}
        if not decision.complete():
            return
        state.reveals += 1
        congress = state.congress
        assert congress is not None
        answers: dict[str, str] = decision.data["answers"]
        area = congress["area"]
        free = decision.data.get("free", [])
        refusers = [s for s, a in answers.items() if a == "refuse" and s not in free]
        declined = [s for s, a in answers.items() if a == "refuse" and s in free]
        note(log, "Signatures: " + ", ".join(f"{s} {a}" for s, a in answers.items()), "L880")
        if not refusers:
            _enact(state, log, declined)
        else:
            _refuse(state, refusers, log)
            congress["unresolved"] = [*congress["unresolved"], area]
            terms = split_treaty(congress["proposal"])[0]
            if terms[0] == "award" and terms[1] not in state.great:
                # L496-497: a Great Power defying an award to a Minor whose rights are defended
                for power in state.great:
                    if state.player_of[power] in refusers:
                        defy(state, power, area, log)
        _next_area(state, log)

    def resume(self, state: State, decision: Decision, log: Log) -> None:  # pragma: no cover
        raise AssertionError("a signature never suspends anything")


def _refuse(state: State, refusers: Sequence[str], log: Log) -> None:
    """Refusals to sign (L880-882, L1485): every other member holds a Casus Belli against each
    refusing seat, +2 ETI a refusal."""
    congress = state.congress
    assert congress is not None
    for refuser in refusers:
        for member in congress["members"]:
            if state.player_of[member] != refuser:
                state.cbs.append([member, refuser, "refused a Congress treaty"])  # L880-882
    raise_eti(
        state, state.content.tensions["congress_refusal"] * len(refusers), log, "refusals to sign", "L1485"
    )


# -- what a proposal would do: the positions a seat weighs before it votes, signs or proposes ----------


def enacted(state: State, proposal: Sequence[str], declined: Sequence[str] = ()) -> State:
    """A copy of the position with ``proposal`` (``award POWER``, ``award POWER pay N`` or
    ``codominion``, and its clauses) enacted over the Area before the Congress; ``declined``: the
    seats, no party to the dispute, that do not sign the clauses naming them."""
    twin = state.clone()
    assert twin.congress is not None
    twin.congress["proposal"] = list(proposal)
    _enact(twin, None, declined)
    return twin


def unresolved(state: State) -> State:
    """A copy of the position with the Area before the Congress left unresolved: its Casus Belli
    stand and add +3 ETI each when the Congress closes (L1483-1484)."""
    twin = state.clone()
    assert twin.congress is not None
    area = twin.congress["area"]
    left = [c for c in twin.cbs if item_of(c) == area]
    if left:
        raise_eti(twin, 3 * len(left), None, "Casus Belli left unresolved", "L1483")
    return twin


def refused(state: State, refuser: str) -> State:
    """A copy of the position once ``refuser`` (a seat) alone has refused to sign: the Area stays
    unresolved and every other member holds a Casus Belli against it (L880-882, L1485)."""
    twin = unresolved(state)
    _refuse(twin, [refuser], None)
    return twin


def _pay(state: State, payer: str, payee: str, amount: int, log: Log) -> None:
    """A sum the Congress's treaty moves (L866), at most what the payer has."""
    paid = min(amount, state.treasury.get(payer, 0))
    state.treasury[payer] = state.treasury.get(payer, 0) - paid
    state.treasury[payee] = state.treasury.get(payee, 0) + paid
    note(log, f"{payer} pays {payee} {paid} pounds under the Congress's treaty", "L866")


def _hand_over(state: State, area: str, giver: str, receiver: str, level: str) -> None:
    """The giver's marker passes to the receiver as it is (L797); the giver's units leave an Area
    they no longer hold."""
    established = state.markers[area][giver][1]
    set_marker(state, area, giver, None)
    set_marker(state, area, receiver, level, established)
    if level in CONTROL:
        move_all(state, giver, area, HOME)


def _redress(state: State, holder: str, target: str, terms: Sequence[str], log: Log) -> None:
    """A grievance's treaty: the payment or the Minor's marker ceded (L866, L505-506)."""
    if len(terms) == 3 and terms[1] == "pay":
        _pay(state, target, holder, int(terms[2]), log)
    elif len(terms) == 3 and terms[1] == "cede":
        area = terms[2]
        level = level_of(state, area, target)
        if level not in DOWNGRADABLE or level_of(state, area, holder) is not None:
            note(log, f"{target} has no marker to cede in {area}: the term lapses", "L866")
            return
        assert level is not None
        _hand_over(state, area, target, holder, level)
        note(log, f"{target}'s {level} in {state.content.areas[area].name} passes to {holder}", "L505-506")


def _enact(state: State, log: Log, declined: Sequence[str] = ()) -> None:
    congress = state.congress
    assert congress is not None
    area = congress["area"]
    proposal, clauses = split_treaty(congress["proposal"])
    found = grievance_of(area)
    if found is not None:
        _redress(state, found[0], found[1], proposal, log)
        state.cbs = [c for c in state.cbs if item_of(c) != area]
        note(log, f"The Congress settles {item_name(state, area)}: {' '.join(proposal)}", "L880")
        for clause in clauses:
            _enact_clause(state, clause, declined, log)
        return
    name = state.content.areas[area].name
    held = dict(state.markers.get(area, {}))
    steps = 0
    if proposal[0] == "award":
        winner = proposal[1]
        kept = held.get(winner)
        allows_interest = kept is not None and kept[0] in ("protectorate", "influence", "interest")
        for power, (level, _) in held.items():
            if power == winner or (level == "interest" and allows_interest):
                continue
            new = "interest" if allows_interest else None
            before = RANK[level]
            reduce_marker(state, area, power, new)
            after = RANK[new] if new is not None and power in state.markers.get(area, {}) else 0
            steps += before - after
            if level in CONTROL:
                move_all(state, power, area, HOME)  # L894-895: units no longer legal there go home
    else:
        for power, (level, _) in held.items():
            if level == "influence" and power in state.great:
                reduce_marker(state, area, power, "protectorate")  # a free codominion share
    if proposal[0] == "award" and len(proposal) == 4:  # L866: money transferred by the treaty
        payer, amount = proposal[1], int(proposal[3])
        for taker in _compensated(state, held, payer):
            _pay(state, payer, taker, amount, log)
    state.cbs = [c for c in state.cbs if item_of(c) != area]
    note(log, f"The Congress settles {name}: {' '.join(proposal)}", "L880")
    if steps:
        raise_eti(state, steps, log, f"markers reduced by the Congress in {name}", "L1476")
    for clause in clauses:
        _enact_clause(state, clause, declined, log)


def congress_view(state: State, seat: str | None) -> dict[str, Any] | None:
    congress = state.congress
    top = state.flow.top()
    if congress is None and (top is None or top.kind != "call"):
        return None
    view: dict[str, Any] = {}
    if congress is not None:
        view.update({k: congress[k] for k in ("host", "members", "proposal", "proposer", "closed")})
        item = congress["area"]
        found = grievance_of(item) if item else None
        # the question before the Congress: an Area, or a grievance (holder, target, reasons)
        view["area"] = item if found is None else None
        if found is not None:
            reasons = sorted({r for h, t, r in state.cbs if (h, t) == found and r in GRIEVANCES})
            view["grievance"] = [found[0], found[1], reasons]
        view["unresolved"] = [a for a in congress["unresolved"] if grievance_of(a) is None]
        view["unresolved_grievances"] = [list(g) for a in congress["unresolved"] if (g := grievance_of(a))]
    if congress is not None and congress["proposal"]:
        terms, clauses = split_treaty(congress["proposal"])
        view["terms"], view["clauses"] = terms, clauses
        # the Great Powers each clause asks to sign (a Minor abides, L490)
        view["bound"] = [[p for p in clause_binds(state, c) if p in state.great] for c in clauses]
    if top is not None and top.kind == "sign":
        view["free"] = list(top.data.get("free", []))
    if top is not None and top.kind in ("call", "vote", "sign"):
        answers = top.data["answers"]
        view["answering"] = top.kind
        view["answered"] = sorted(answers)
        view["my_answer"] = answers.get(seat) if seat is not None else None
    return view


# -- a treaty's clauses (L863-874, L883-890) ------------------------------------------------------------

CLAUSE = "clause"
MAX_CLAUSES = 3
"""At most this many clauses follow a treaty's terms for the Area before the Congress (ours: it
keeps a proposal one readable line; nothing in L863-874 counts them)."""
DOWNGRADABLE = ("interest", "influence", "protectorate", "possession")
"""The markers a clause may step down: a State or Dominion is a Power's own country (L249-252)."""


def split_treaty(proposal: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """A proposal's words: its terms for the Area before the Congress, and each clause's words
    (``codominion POWER AREA``, ``downgrade POWER AREA``, ``remove POWER AREA``, ``transfer POWER
    AREA TO``, ``pay PAYER PAYEE N``)."""
    main: list[str] = []
    clauses: list[list[str]] = []
    current = main
    for word in proposal:
        if word == CLAUSE:
            current = []
            clauses.append(current)
        else:
            current.append(word)
    return main, clauses


LIMITS = ("ban", "cap", "pact")
"""The clauses that limit future actions (L868): treaties of rules/treaties.py made by the Congress."""


def clause_binds(state: State, clause: Sequence[str]) -> list[str]:
    """The Powers whose consent a clause needs: every holder of a Control marker in the Area a
    codominion is granted in (L871-873: "all powers with control markers in an area must agree"),
    the owner of a marker stepped down, the payer of a sum. A Minor abides by the Congress (L490);
    a Great Power that is no party to the dispute is bound only if it signs (L883-890). (A
    transfer's receiver and a codominion's grantee gain by it and are not asked.)"""
    kind = clause[0]
    if kind == "codominion":
        return [p for p in controllers(state, clause[2], established=False) if p != clause[1]]
    if kind == "pact":
        return [clause[1], clause[2]]  # a non-aggression pact binds both (ban and cap: the promiser)
    return [clause[1]]


def _named_seats(state: State, proposal: Sequence[str]) -> list[str]:
    """The seats of the Great Powers the proposal's clauses bind, in the game's order."""
    named = {p for clause in split_treaty(proposal)[1] for p in clause_binds(state, clause)}
    return list(dict.fromkeys(state.player_of[p] for p in state.great if p in named))


def clause_refusal(state: State, clause: Sequence[str]) -> str | None:
    """Why a clause cannot stand in a treaty (None: it can). A treaty leaves no marker illegally
    placed (L863-865): a codominion is a free Protectorate (L869-874) where another Power holds
    a Protectorate or Possession, no State or Dominion, and the grantee has a counter for it
    (L132-133); a downgrade steps a marker one level down; a payment is within the payer's
    treasury (Austria-Hungary never gives money, L1546-1547)."""
    congress = state.congress
    assert congress is not None
    kind, content = clause[0], state.content
    if kind in LIMITS:
        return _limit_refusal(state, clause)
    if kind == "pay":
        payer, payee, amount = clause[1], clause[2], int(clause[3])
        if payer not in state.great or payee not in state.great or payer == payee:
            return "a payment is from one Great Power of the game to another"
        if payer == "AH":
            return "Austria-Hungary never gives money (L1546-1547)"
        if not 0 < amount <= state.treasury.get(payer, 0):
            return f"{payer} has {state.treasury.get(payer, 0)} pounds: it cannot pay {amount}"
        return None
    power, area = clause[1], clause[2]
    if area not in content.areas:
        return f"there is no Area {area!r}"
    if power not in content.powers:
        return f"there is no Power {power!r}"
    minors = [p for p in state.markers.get(area, {}) if p not in state.great]
    current = grievance_of(congress["area"]) if congress["area"] else None
    if (
        minors
        and not (area in disputed_areas(state) and set(minors) <= set(parties(state, area)))
        and not (current is not None and set(minors) <= {current[1]})
    ):
        # L493-494 (reading: an Area where a Minor holds a marker is its territory), but for the
        # markers of the Minor a grievance before the Congress names (L505-506: Spain's)
        return (
            f"{content.areas[area].name} is {', '.join(minors)}'s territory: a Congress makes no "
            "proposal on a Minor Power's territory outside the disputes it is party to (L493-494)"
        )
    level = level_of(state, area, power)
    if kind in ("downgrade", "remove", "transfer") and level not in DOWNGRADABLE:
        return f"{power} has no marker in {content.areas[area].name} that a treaty may {kind}"
    if kind in ("downgrade", "remove"):
        return None
    if area == congress["area"]:
        return "the treaty's own terms settle the Area before the Congress (award or codominion)"
    if kind == "transfer":
        receiver = clause[3]
        assert level is not None
        if receiver not in state.great or receiver == power:
            return "a marker is transferred to another Great Power of the game"
        if level_of(state, area, receiver) is not None:
            return f"{receiver} already has a marker in {content.areas[area].name}"
        if not counter_free(state, receiver, level, None):
            return f"{receiver} has no {level} counter left (L132-133)"
        return None
    if power not in state.great:
        return "a codominion is granted to a Great Power"
    held = state.markers.get(area, {})
    if level is not None and level not in ("interest", "influence"):
        return f"{power} already holds Control in {content.areas[area].name}"
    if any(lv in ("state", "dominion") for lv, _ in held.values()):
        return f"{content.areas[area].name} is a Power's own country"
    if not any(lv in ("protectorate", "possession") for p, (lv, _) in held.items() if p != power):
        return f"no Power holds Control in {content.areas[area].name}: a codominion needs one (L869-871)"
    if not counter_free(state, power, "protectorate", level):
        return f"{power} has no Protectorate counter left (L132-133)"
    return None


def _limit_refusal(state: State, clause: Sequence[str]) -> str | None:
    """A limit on future actions (L868) is checked as the same treaty offered in the Negotiation
    Phase would be (rules/treaties.py): a ban's Area, a cap's range, two players' Great Powers."""
    kind, power = clause[0], clause[1]
    if power not in state.great:
        return f"{power} is not a Great Power of the game: only they sign treaties"
    if kind == "ban":
        return ban_refusal(state, power, clause[2], clause[3])
    if kind == "cap":
        return cap_refusal(state, power, clause[2], clause[3], clause[4])
    other = clause[2]
    partner = partner_refusal(state, power, other)
    if partner is not None:
        return partner
    if allied_by_treaty(state, power, other, PACT):
        return f"{power} and {other} have a non-aggression pact already"
    return None


def proposal_refusal(state: State, action: Act) -> str | None:
    """Why a proposal with clauses cannot be put (None: it can): its terms for the Area must be an
    untried proposal of the menu; then at most :data:`MAX_CLAUSES` clauses, each able to stand
    (:func:`clause_refusal`), none twice."""
    main, clauses = split_treaty(action.args)
    if Act("propose", tuple(main)) not in _untried(state):
        return f"'propose {' '.join(main)}' is not an untried proposal for this question"
    if len(clauses) > MAX_CLAUSES:
        return f"a treaty carries at most {MAX_CLAUSES} clauses"
    seen: set[tuple[str, ...]] = set()
    for clause in clauses:
        key = tuple(clause[:3])
        if key in seen:
            return f"the clause '{' '.join(clause)}' is there twice"
        seen.add(key)
        reason = clause_refusal(state, clause)
        if reason is not None:
            return reason
    return None


def _enact_clause(state: State, clause: Sequence[str], declined: Sequence[str], log: Log) -> None:
    """A clause comes into play once the parties have signed, unless a Great Power it binds, no
    party to the dispute, did not sign (L883-890: then it does not apply, and no Casus Belli
    follows). A clause the position no longer allows lapses."""
    words = " ".join(clause)
    refusing = [p for p in clause_binds(state, clause) if p in state.great and state.player_of[p] in declined]
    if refusing:
        note(log, f"{', '.join(refusing)} did not sign: the clause '{words}' does not apply", "L883-890")
        return
    kind = clause[0]
    if kind in LIMITS:
        if _limit_refusal(state, clause) is not None:
            note(log, f"the clause '{words}' no longer stands: it lapses", "L868")
            return
        if kind == "ban":
            promise(state, BAN + clause[2], clause[1], clause[3])
        elif kind == "cap":
            promise(state, cap_kind(clause[2], int(clause[3])), clause[1], clause[4])
        else:
            sign(state, PACT, clause[1], clause[2])
        note(log, f"the Congress's treaty binds {clause[1]}: {words} (a public treaty)", "L868, L826")
        return
    if kind == "pay":
        _pay(state, clause[1], clause[2], int(clause[3]), log)
        return
    power, area = clause[1], clause[2]
    name = state.content.areas[area].name
    level = level_of(state, area, power)
    if kind == "codominion":
        if not counter_free(state, power, "protectorate", level):
            note(log, f"{power} has no Protectorate counter left: the clause '{words}' lapses", "L132-133")
            return
        reduce_marker(state, area, power, "protectorate")  # a free codominion share, L869-874
        note(log, f"{power} is granted a codominion in {name}: a free Protectorate", "L869-874")
        return
    if level not in DOWNGRADABLE:
        note(log, f"{power} has no marker left in {name}: the clause '{words}' lapses", "L866")
        return
    if kind == "transfer":
        receiver = clause[3]
        if level_of(state, area, receiver) is not None or not counter_free(state, receiver, level, None):
            note(log, f"{receiver} cannot take the marker: the clause '{words}' lapses", "L132-133")
            return
        _hand_over(state, area, power, receiver, level)
        note(log, f"{power}'s {level} in {name} passes to {receiver}", "L866")
        return
    new = None if kind == "remove" else _step_down(state, area, power, level)
    reduce_marker(state, area, power, new)
    after = level_of(state, area, power)
    if level in CONTROL and after not in CONTROL:
        move_all(state, power, area, HOME)  # L894-895: units no longer legal there go home
    note(log, f"{power}'s {level} in {name} steps down to {after or 'nothing'}", "L866")
    raise_eti(state, RANK[level] - (RANK[after] if after else 0), log, f"a marker reduced in {name}", "L1476")


def _step_down(state: State, area: str, power: str, level: str) -> str | None:
    """One level down, to a marker the Area allows beside the others' Control (L792-796,
    :func:`~.board.fits_beside`); an Interest goes."""
    lower = {"possession": "protectorate", "protectorate": "influence", "influence": "interest"}.get(level)
    return fits_beside(state, area, power, lower)
