"""Every National card (§8.6): prerequisites, costs, choices and exact effects; a card that hits
nobody goes back to the box (data/national.toml)."""

from __future__ import annotations

from realpolitik.games.belle_epoque.content import Content
from tests.belle_epoque.cards_support import GAME, act, kind, legal, plays, position, spaces, texts


def test_every_national_card_has_a_test_here(content: Content) -> None:
    names = [name for name in globals() if name.startswith("test_")]
    for cid in content.national_cards:
        prefix = f"test_{cid.replace('-', '_')}_"
        assert any(name.startswith(prefix) for name in names), f"add a test {prefix}..."


def test_social_policy_two_prestige_with_bonuses_section_12() -> None:
    """§12 round 3: GB pays £6 and moves 0 -> 2 on the Prestige track, taking £2 and a DM cube."""
    state = position(powers={"GB": {"money": 27, "prestige": 0, "embassies": 0}})
    assert plays(state, "social-policy") == ["play social-policy prestige", "play social-policy money"]
    act(state, "play social-policy prestige")
    me = state.powers["GB"]
    assert (me.money, me.prestige, me.embassies) == (23, 2, 1)
    assert "social-policy" not in me.national and not state.played  # it hit nobody: boxed


def test_social_policy_money_option_and_its_cost() -> None:
    state = position(powers={"GB": {"money": 6}})
    act(state, "play social-policy money")
    assert state.powers["GB"].money == 10
    state = position(powers={"GB": {"money": 5}})
    assert plays(state, "social-policy") == []
    assert (
        "costs £6" in GAME.explain_illegal(state, "GB", GAME.parse_action("play social-policy money")).reason
    )


def test_diplomatic_contrasts_this_turn_section_8_9_2() -> None:
    state = position(
        active="CE",
        territories={"namibia": ["CE"]},
        powers={
            "CE": {"money": 4, "embassies": 1, "fleets": {"africa": 1}},
            "GB": {"embassies": 1, "fleets": {"africa": 1}},
        },
    )
    assert "play diplomatic-contrasts namibia" in legal(
        state
    ) and "play diplomatic-contrasts namibia next" in legal(state)
    act(state, "play diplomatic-contrasts namibia", "send namibia")  # its owner may still send there (§12)
    assert state.contrasts == {"namibia": ("CE", 5)} and state.powers["CE"].money == 0
    assert spaces(state, "namibia")[:2] == ["CE", "CE"] and not state.played
    assert GAME.to_act(state) == ("GB",)
    assert not any(a.startswith("send namibia") for a in legal(state))
    assert (
        "Diplomatic Contrasts" in GAME.explain_illegal(state, "GB", GAME.parse_action("send namibia")).reason
    )


def test_diplomatic_contrasts_next_turn_and_one_per_territory() -> None:
    state = position(
        active="CE",
        powers={"CE": {"money": 4}, "FR": {"money": 4}, "GB": {"passed": True}, "RU": {"passed": True}},
    )
    act(state, "play diplomatic-contrasts congo next", "end")
    assert state.contrasts == {"congo": ("CE", 6)}
    assert not any(a.startswith("play diplomatic-contrasts congo") for a in legal(state, "FR"))
    act(state, "pass", "pass")  # FR, then CE: Preparation keeps next turn's block
    assert state.turn == 6 and state.contrasts == {"congo": ("CE", 6)}


def test_nationalist_disorder_human_limits_section_13_4_4() -> None:
    """The §13.4.4 position (Belgium, Italy, Melanesia) with a human France choosing: 4 cubes of
    opposing Powers, at most 2 of one; never minor cubes (the Dutch in Melanesia); a Power this card
    has hit stays open to it up to the cap, one hit by another card does not (§8.6.1)."""
    state = position(
        active="FR",
        territories={
            "belgium": ["CE", "CE", "FR", "CE"],
            "italy": ["GB", "FR", "CE"],
            "melanesia": ["netherlands", "netherlands", "GB", "CE", "RU"],
        },
        powers={"FR": {"money": 7}},
    )
    act(state, "play nationalist-disorder")
    assert GAME.to_act(state) == ("FR",) and kind(state) == "card"
    assert "remove melanesia@1" not in legal(state) and "remove belgium@3" not in legal(state)
    act(state, "remove belgium@1", "remove belgium@2")
    assert not any(a in legal(state) for a in ("remove belgium@4", "remove italy@3", "remove melanesia@4"))
    act(state, "remove italy@1")
    assert legal(state) == ["remove melanesia@3", "remove melanesia@5"]  # GB's second, or RU's
    act(state, "remove melanesia@5")
    assert kind(state) == "action" and GAME.to_act(state) == ("FR",)
    assert spaces(state, "belgium")[:4] == [None, None, "FR", "CE"]
    assert spaces(state, "melanesia")[:5] == ["netherlands", "netherlands", "GB", "CE", None]
    played = state.played[0]
    assert (played.card, played.player, played.victims) == ("nationalist-disorder", "FR", ["CE", "GB", "RU"])
    # 40, less the cubes still on the map, less 1 reminder cube on the card (§8.6)
    assert [state.powers[p].reserve for p in ("CE", "GB", "RU")] == [36, 38, 39]
    assert all(state.powers[p].targeted for p in ("CE", "GB", "RU"))


def test_nationalist_disorder_skips_powers_marked_by_another_card() -> None:
    state = position(
        territories={"belgium": ["CE", "FR"]}, powers={"GB": {"money": 7}, "FR": {"targeted": True}}
    )
    act(state, "play nationalist-disorder")
    assert legal(state) == ["remove belgium@1"]
    act(state, "remove belgium@1")  # nothing else to take: the card is done after 1 cube
    assert kind(state) == "action" and state.played[0].victims == ["CE"]
    state = position(territories={"belgium": ["FR"]}, powers={"GB": {"money": 7}, "FR": {"targeted": True}})
    assert plays(state, "nationalist-disorder") == []


def test_superior_doctrine_plus_2_up_to_6_section_8_7() -> None:
    state = position(
        active="CE", territories={"serbia": ["RU/CE"]}, powers={"CE": {"money": 12, "armies": 4}}
    )
    act(state, "play superior-doctrine")
    assert state.powers["CE"].superior_doctrine and state.powers["CE"].money == 7
    log = act(state, "resolve serbia@1", "commit 4 armies", dice=[1, 6])
    assert "CE rolls 1 +6 = 7" in texts(log)  # 4 + 2, capped at 6 (the attacking Army's +1 too)


def test_empire_of_the_seas_free_british_fleets_at_plus_3() -> None:
    state = position(
        territories={"egypt-sudan": ["FR/GB"]}, powers={"GB": {"money": 5, "fleets": {"africa": 2}}}
    )
    act(state, "play empire-of-the-seas")
    assert state.powers["GB"].empire_turn == 5 and state.powers["GB"].money == 0
    log = act(state, "resolve egypt-sudan@1", "commit 2 fleets", dice=[1, 1])
    assert "GB rolls 1 +5 = 6" in texts(log) and state.powers["GB"].money == 0  # 2 x 3 + 1, cap 5; £0


def test_trans_siberian_railway_needs_the_great_work() -> None:
    state = position(active="RU", powers={"RU": {"money": 10, "embassies": 1}})
    assert plays(state, "trans-siberian-railway") == []
    assert (
        "Great Work"
        in GAME.explain_illegal(state, "RU", GAME.parse_action("play trans-siberian-railway")).reason
    )
    assert "send japan" not in legal(state)
    state.powers["RU"].great_work = True
    act(state, "play trans-siberian-railway")
    assert "send japan" in legal(state) and "send micronesia" in legal(state)


def test_france_own_card_embassies_and_prestige() -> None:
    # £7: a reconstructed price (G13), tuned by measurement in issue 18 (it was £5)
    state = position(active="FR", powers={"FR": {"money": 7, "embassies": 0, "prestige": 2}})
    act(state, "play france-own-card")
    me = state.powers["FR"]
    assert (me.money, me.embassies, me.prestige) == (0, 2, 3)  # £7 paid; space 3's bonus: a card
    assert len(me.intrigue) == 1
