"""Canals and Straits in war (seed L1508-1530): "During a War (only), a player who Controls Egypt
can deny use of the canal to any other Power. A Power denied access to the canal cannot move
Military Units nor draw Supply from the Mediterranean to the Indian Ocean, or vice versa."
(rules/straits.py; the readings in docs/pax-britannica.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from realpolitik.games.pax_britannica import GAME
from realpolitik.games.pax_britannica.ai.encoding import ENCODING, _war_size, layout_for
from realpolitik.games.pax_britannica.ai.evaluation import choose_special
from realpolitik.games.pax_britannica.rules import straits
from realpolitik.games.pax_britannica.rules.actions import PASSAGES
from realpolitik.games.pax_britannica.rules.alliance import War, new_war
from realpolitik.games.pax_britannica.rules.maneuver import naval_moves
from realpolitik.games.pax_britannica.rules.state import State
from realpolitik.games.pax_britannica.rules.supply import in_supply, supply_net, supply_phase
from realpolitik.games.pax_britannica.rules.turn import DECISIONS, advance

from .support import dice
from .test_war_sequence import _war

MED, INDIAN = "sea:mediterranean", "sea:indian-ocean"
CROSS_SUEZ = "move naval 3 sea:mediterranean sea:indian-ocean"


def _legal(state: State) -> set[str]:
    seat = GAME.to_act(state)[0]
    return {GAME.notation(a) for a in GAME.legal_actions(state, seat)}


def _answer(state: State, text: str) -> None:
    seat = GAME.to_act(state)[0]
    assert text in _legal(state), (text, _legal(state))
    DECISIONS.apply(state, state.flow, seat, GAME.parse_action(text), None)
    advance(state, None)


def _asked(state: State) -> tuple[str, str, int] | None:
    """(Controller, passage, Alliance asked about) of the ``deny`` decision waited for, if any."""
    top = state.flow.top()
    if top is None or top.kind != straits.KIND:
        return None
    return top.data["power"], top.data["passage"], top.data["side"]


def _suez_war(
    sides: Sequence[Sequence[str]],
    egypt: Mapping[str, str],
    *,
    stage: str = "initiative",
    units: Mapping[str, Mapping[str, Sequence[str]]] | None = None,
) -> tuple[State, War]:
    """Seven players, a war at ``stage``; France at sea in the Mediterranean with Coaling Rights in
    the Indian Ocean (its Possession of Madagascar, L1268-1279); Egypt held as ``egypt`` says."""
    return _war(
        sides,
        units=units or {"FR": {MED: ["N3"]}, "RU": {"home": ["A3"]}},
        markers={"egypt": egypt, "madagascar": {"FR": "possession"}},
        stage=stage,
    )


# -- who is asked, and the moves ---------------------------------------------------------------------


def test_the_controller_of_egypt_is_asked_at_each_war_sequence_and_a_denied_fleet_cannot_pass_suez():
    # Britain (Egypt's Controller) at war with France: asked about France's Alliance only.
    state, war = _suez_war([["FR"], ["GB"]], {"GB": "possession"})
    advance(state, None)
    assert _asked(state) == ("GB", "suez", 0)
    assert _legal(state) == {"deny suez FR", "allow suez FR"}
    with dice(state, [6, 1]):  # then the Initiative (L1096-1101): France first
        _answer(state, "deny suez FR")
    assert war["closed"] == {"suez": [0]}
    assert state.cbs == []  # a belligerent's denial gives no Casus Belli (L1527: "a neutral")
    assert GAME.view(state, "US")["wars"][0]["closed"] == {"suez": [0]}  # public
    assert GAME.to_act(state) == ("FR",) and state.flow.current().kind == "maneuver"
    legal = _legal(state)
    assert CROSS_SUEZ not in legal  # L1510-1511
    refusal = GAME.explain_illegal(state, "FR", GAME.parse_action(CROSS_SUEZ))
    assert refusal.rule == "L1508-1530" and "the Suez Canal denied to FR" in refusal.reason
    assert "move naval 3 sea:mediterranean egypt" in legal  # into Egypt by its Mediterranean coast
    # The next War Sequence asks again (the denial is no standing order, unlike coaling L1274-1276).
    state.flow.clear()
    war["stage"] = "initiative"
    advance(state, None)
    assert _asked(state) == ("GB", "suez", 0) and war["closed"] == {}
    with dice(state, [6, 1]):
        _answer(state, "allow suez FR")
    assert war["closed"] == {}
    assert CROSS_SUEZ in _legal(state)


def test_a_denied_unit_in_egypt_sails_out_only_by_the_coast_it_came_in_by():
    # L1249-1252, L1515: in war the canal's Area has two coasts.
    state, war = _suez_war([["FR"], ["GB"]], {"GB": "possession"}, stage="maneuver")
    war["closed"] = {"suez": [0]}
    advance(state, None)
    _answer(state, "move naval 3 sea:mediterranean egypt")
    assert war["coasts"] == {"FR:egypt": ["mediterranean"]}
    assert naval_moves(state, war, "FR", "egypt") == [MED]
    refusal = GAME.explain_illegal(state, "FR", GAME.parse_action("move naval 3 egypt sea:indian-ocean"))
    assert refusal.rule == "L1249-1256" and "came in from the mediterranean" in refusal.reason
    war["closed"] = {}  # open: either coast
    assert sorted(naval_moves(state, war, "FR", "egypt")) == [INDIAN, MED]
    # Britain, not denied, sails out of Egypt by either coast
    war["closed"] = {"suez": [0]}
    state.units["GB"] = {"egypt": ["N1"]}
    assert sorted(naval_moves(state, war, "GB", "egypt")) == [INDIAN, MED]


def test_the_straits_cut_the_black_sea_from_the_mediterranean():
    # L1512-1514: Britain Controls Anatolia; Russia's fleet in the Black Sea, Coaling Rights in the
    # Mediterranean by its Influence in Greece.
    state, war = _war(
        [["RU"], ["GB"]],
        units={"RU": {"sea:black-sea": ["N3"]}},
        markers={"anatolia": {"GB": "possession"}, "greece": {"RU": "influence"}},
    )
    assert MED in naval_moves(state, war, "RU", "sea:black-sea")
    war["closed"] = {"straits": [0]}
    assert MED not in naval_moves(state, war, "RU", "sea:black-sea")
    assert "sea:black-sea" not in naval_moves(state, war, "RU", MED)
    war["closed"] = {"suez": [0]}  # Suez denied is not the Straits
    assert MED in naval_moves(state, war, "RU", "sea:black-sea")


def test_no_controller_no_denial():
    # L1526: "If no player has Control of a canal or straits Area, access cannot be denied."
    for egypt in (
        {"GB": "influence"},  # Influence is no Control (L240-242)
        {"NL": "possession"},  # a Minor's Control is no player's
    ):
        state, war = _suez_war([["FR"], ["RU"]], egypt)
        with dice(state, [6, 1]):
            advance(state, None)
        assert _asked(state) is None and war["closed"] == {}
        assert CROSS_SUEZ in _legal(state)
    # an unestablished Control marker denies nothing either (G-R8: established Control)
    state, war = _suez_war([["FR"], ["RU"]], {})
    state.markers["egypt"] = {"GB": ("possession", False)}
    with dice(state, [6, 1]):
        advance(state, None)
    assert _asked(state) is None


def test_no_war_no_denial():
    # "During a War (only)": peace has no such question, and the Empires' wars are fought as
    # automata with no denial (reading).
    state, war = _suez_war([["FR"], ["RU"]], {"GB": "possession"})
    war["native"] = "CN"
    assert not straits.ask(state, war)
    assert "closed" not in war
    # a war record without denials changes no move
    state, war = _suez_war([["FR"], ["RU"]], {"GB": "possession"}, stage="maneuver")
    assert INDIAN in naval_moves(state, war, "FR", MED)


def test_a_codominion_denies_only_when_every_member_agrees():
    # L1526-1527: Britain and Italy share Egypt; both neutral in a war of France and Russia.
    state, war = _suez_war([["FR"], ["RU"]], {"GB": "possession", "IT": "possession"})
    advance(state, None)
    assert _asked(state) == ("GB", "suez", 0)
    _answer(state, "deny suez FR")
    assert _asked(state) == ("IT", "suez", 0)
    _answer(state, "allow suez FR")  # Italy disagrees: open to France
    assert _asked(state) == ("GB", "suez", 1)
    with dice(state, [6, 1]):
        _answer(state, "allow suez RU")  # Britain allows Russia: Italy is not asked
    assert war["closed"] == {} and state.cbs == []
    assert CROSS_SUEZ in _legal(state)
    # both agree: closed to France, which holds a Casus Belli against each (L1527-1529)
    state, war = _suez_war([["FR"], ["RU"]], {"GB": "possession", "IT": "possession"})
    advance(state, None)
    _answer(state, "deny suez FR")
    _answer(state, "deny suez FR")
    _answer(state, "allow suez RU")
    assert war["closed"] == {"suez": [0]}
    assert state.cbs == [["FR", "GB", "denied suez"], ["FR", "IT", "denied suez"]]
    assert _legal(state) == {"declare GB", "declare IT", "declare GB+IT", "pass"}


def test_a_belligerent_codominion_member_needs_its_neutral_partner():
    # Britain at war with France, Italy neutral: only France's Alliance is asked about (Britain
    # never closes it to its own), and Italy's agreement gives France its Casus Belli (L1528).
    state, war = _suez_war([["FR"], ["GB"]], {"GB": "possession", "IT": "possession"})
    advance(state, None)
    _answer(state, "deny suez FR")
    assert _asked(state) == ("IT", "suez", 0)
    _answer(state, "deny suez FR")
    assert war["closed"] == {"suez": [0]}
    assert state.cbs == [["FR", "IT", "denied suez"]]


# -- supply ----------------------------------------------------------------------------------------


def test_a_line_of_supply_does_not_cross_a_denied_suez():
    # France's Army in Madagascar draws supply from France through its fleets in the Mediterranean
    # and the Indian Ocean (L1381-1390); Britain, at war with it, Controls Egypt.
    state, war = _suez_war([["FR"], ["GB"]], {"GB": "possession"}, units={"FR": {"madagascar": ["A3"]}})
    for area in [a for a, held in state.markers.items() if "FR" in held and a != "madagascar"]:
        del state.markers[area]["FR"]
    state.fleets["FR"] = ["indian-ocean", "mediterranean"]
    net = supply_net(state, war, "FR", 0)
    assert INDIAN in net and in_supply(state, war, "FR", "madagascar", side=0, net=net)
    war["closed"] = {"suez": [0]}  # L1511: "nor draw Supply from the Mediterranean to the Indian Ocean"
    net = supply_net(state, war, "FR", 0)
    assert MED in net and INDIAN not in net
    assert not in_supply(state, war, "FR", "madagascar", side=0, net=net)
    supply_phase(state, war, 0, None, areas=False)
    assert "madagascar" not in state.units["FR"] and war["surrendered"] == {"FR": ["A3"]}  # L1400


# -- a neutral's denial: the Casus Belli -----------------------------------------------------------


def test_a_neutral_denying_one_alliance_gives_it_a_casus_belli_usable_at_once():
    # Britain, neutral, Controls Egypt in a war of France and Japan against the US (two European
    # Powers at war with Britain's declaration: no Great War, L1208-1211).
    state, war = _suez_war([["FR", "JP"], ["US"]], {"GB": "possession"})
    advance(state, None)
    _answer(state, "deny suez FR")
    _answer(state, "allow suez US")
    assert state.cbs == [["FR", "GB", "denied suez"], ["JP", "GB", "denied suez"]]
    assert GAME.to_act(state) == ("FR",) and _legal(state) == {"declare GB", "pass"}
    eti = state.eti
    with dice(state, [6, 1]):
        _answer(state, "declare GB")  # L1529-1530: Britain joins the other Alliance
    assert war["sides"] == [["FR", "JP"], ["US", "GB"]]
    assert state.eti == eti + 5  # L1487
    assert state.cbs == []  # Japan's is spent: it is at war with Britain already
    assert state.flow.current().kind == "maneuver"  # on to the War Sequence
    # France passes: Japan may declare, at once or never
    state, war = _suez_war([["FR", "JP"], ["US"]], {"GB": "possession"})
    advance(state, None)
    _answer(state, "deny suez FR")
    _answer(state, "allow suez US")
    _answer(state, "pass")
    assert GAME.to_act(state) == ("JP",) and _legal(state) == {"declare GB", "pass"}
    with dice(state, [6, 1]):
        _answer(state, "pass")
    assert state.cbs == [] and war["sides"] == [["FR", "JP"], ["US"]]
    assert war["closed"] == {"suez": [0]}


def test_the_view_names_the_question_asked_for_the_board_s_dialog():
    # Every seat sees which passage, between which zones, and which Alliance the Controller is
    # asked about (the web board's dialog, ui/static/board.js); nothing once it is answered.
    state, _ = _suez_war([["FR", "JP"], ["US"]], {"GB": "possession"})
    advance(state, None)
    for seat in ("GB", "FR", "RU"):
        assert GAME.view(state, seat)["denial"] == {
            "power": "GB",
            "passage": "suez",
            "area": "egypt",
            "zones": ["mediterranean", "indian-ocean"],
            "alliance": ["FR", "JP"],
            "neutral": True,
        }
    _answer(state, "deny suez FR")
    assert GAME.view(state, "FR")["denial"]["alliance"] == ["US"]
    _answer(state, "allow suez US")
    assert GAME.view(state, "FR")["denial"] is None  # France's declaration is asked now
    # A belligerent Controller is no neutral.
    state, _ = _suez_war([["FR"], ["GB"]], {"GB": "possession"})
    advance(state, None)
    assert GAME.view(state, "GB")["denial"]["neutral"] is False


def test_a_neutral_denying_every_alliance_gives_no_casus_belli():
    # L1527: "to one (but not both) Alliances"
    state, war = _suez_war([["FR"], ["RU"]], {"GB": "possession"})
    advance(state, None)
    _answer(state, "deny suez FR")
    with dice(state, [6, 1]):
        _answer(state, "deny suez RU")
    assert war["closed"] == {"suez": [0, 1]} and state.cbs == []
    assert state.flow.current().kind == "maneuver"


def test_the_observation_shows_the_denials():
    # The war slot ends with each passage's Alliances denied it (ai/encoding.py).
    state, war = _suez_war([["FR"], ["GB"]], {"GB": "possession"})
    war["closed"] = {"straits": [1], "suez": [0]}
    lay = layout_for(state.content, 7)
    start = 0
    for field in ENCODING.observation_fields({"players": 7}):
        if field.name == "wars":
            break
        start += field.size
    end = start + _war_size(lay)  # the first war slot
    base = end - len(PASSAGES) * lay.alliances
    obs = ENCODING.observe(state, "US")
    assert [i - base for i in range(base, end) if obs[i]] == [0 * lay.alliances + 0, 1 * lay.alliances + 1]


# -- the Caribbean canals ----------------------------------------------------------------------------


def _canal_war(canals: list[str]) -> tuple[State, War]:
    """Britain at war with the US, which Controls Panama and Central America; a British fleet in
    the Caribbean with Coaling Rights in the South Pacific (New Zealand)."""
    state, war = _war(
        [["GB"], ["US"]],
        units={"GB": {"sea:caribbean": ["N3"]}, "US": {"home": ["N3"]}},
        markers={
            "panama": {"US": "possession"},
            "central-america": {"US": "possession"},
            "new-zealand": {"GB": "possession"},
        },
        stage="initiative",
    )
    state.canals = canals
    return state, war


def test_with_both_canals_a_power_is_cut_off_only_when_denied_both():
    # L1522-1523: "access between the Caribbean and South Pacific is denied only if a Power is
    # denied access to both canals."
    state, war = _canal_war(["panama", "central-america"])
    advance(state, None)
    assert _asked(state) == ("US", "panama", 0)
    _answer(state, "deny panama GB")
    assert _asked(state) == ("US", "central-america", 0)
    with dice(state, [6, 1]):
        _answer(state, "allow central-america GB")
    assert war["closed"] == {"panama": [0]}
    assert "sea:south-pacific" in naval_moves(state, war, "GB", "sea:caribbean")
    war["closed"] = {"panama": [0], "central-america": [0]}
    assert "sea:south-pacific" not in naval_moves(state, war, "GB", "sea:caribbean")
    # one canal built: denying it is enough (L1519-1520, "as per the Suez canal"; G-R8: in war)
    state, war = _canal_war(["panama"])
    advance(state, None)
    assert _asked(state) == ("US", "panama", 0)  # no canal in Central America: nothing to deny there
    with dice(state, [6, 1]):
        _answer(state, "deny panama GB")
    assert war["closed"] == {"panama": [0]}
    assert "sea:south-pacific" not in naval_moves(state, war, "GB", "sea:caribbean")
    # no canal: the Caribbean and the South Pacific are not adjacent, and nobody is asked
    state, war = _canal_war([])
    with dice(state, [6, 1]):
        advance(state, None)
    assert _asked(state) is None
    assert "sea:south-pacific" not in naval_moves(state, war, "GB", "sea:caribbean")


def test_the_heuristic_bot_denies_its_enemies_and_leaves_it_open_as_a_neutral():
    state, _ = _suez_war([["FR"], ["GB"]], {"GB": "possession"})
    advance(state, None)
    assert str(choose_special(state, "GB", GAME.legal_actions(state, "GB"))) == "deny suez FR"
    state, _ = _suez_war([["FR"], ["RU"]], {"GB": "possession"})
    advance(state, None)
    assert str(choose_special(state, "GB", GAME.legal_actions(state, "GB"))) == "allow suez FR"


# -- notation and refusals ----------------------------------------------------------------------------


def test_the_answers_notation_and_refusal():
    assert tuple(p[0] for p in straits.PASSAGES) == PASSAGES  # the notation's names
    assert GAME.parse_action("deny Suez fr") == GAME.parse_action("deny suez FR")
    assert GAME.notation(GAME.parse_action("allow central-america US")) == "allow central-america US"
    state, _ = _suez_war([["FR"], ["GB"]], {"GB": "possession"})
    advance(state, None)
    refusal = GAME.explain_illegal(state, "GB", GAME.parse_action("deny straits FR"))
    assert refusal.rule == "L1508-1530" and "deny or allow" in refusal.reason
    assert "closed" not in new_war("FR", "GB")  # a fresh war record holds no denial
