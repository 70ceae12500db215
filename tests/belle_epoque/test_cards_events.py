"""Every Event card (§6, Appendix 1): drawn from a position, it does exactly what its data says.

Only Italian Penetration, Portuguese Bankruptcy (§12), Sarajevo (§6.3) and part of the Balkan Wars
(§10.2) are the publisher's; the other effects are our reconstructions (data/events.toml, G11).
"""

from __future__ import annotations

from realpolitik.engine import LogEntry
from realpolitik.games.belle_epoque.content import Content
from realpolitik.games.belle_epoque.rules.scoring import score_items
from tests.belle_epoque.cards_support import event, position, spaces, texts


def test_every_event_card_has_a_test_here(content: Content) -> None:
    tested = {name.removeprefix("test_").replace("_", "-") for name in globals() if name.startswith("test_")}
    missing = [cid for cid in content.event_cards if cid not in tested]
    assert missing == [], f"add a test for {missing}"


def test_austria_recognizes_serbia() -> None:
    state = position(territories={"serbia": ["RU", "RU"]})
    event(state, "austria-recognizes-serbia")
    assert spaces(state, "serbia")[:3] == ["RU", "RU", "CE"] and state.powers["CE"].reserve == 39


def test_economic_crisis() -> None:
    state = position(powers={"GB": {"money": 10}, "FR": {"money": 1}, "RU": {"money": 3}, "CE": {"money": 0}})
    event(state, "economic-crisis")
    assert [state.powers[p].money for p in ("GB", "FR", "RU", "CE")] == [7, 0, 0, 0]


def test_economic_progress() -> None:
    state = position(powers={"GB": {"money": 10}, "FR": {"money": 1}, "RU": {"money": 3}, "CE": {"money": 0}})
    event(state, "economic-progress")
    assert [state.powers[p].money for p in ("GB", "FR", "RU", "CE")] == [13, 4, 6, 3]


def test_italian_penetration_horn_of_africa() -> None:
    """§6.2 example: 2 Italian cubes into the free spaces; §12: with one space free, a die."""
    state = position(territories={"horn-of-africa": ["GB", "GB"]})
    event(state, "italian-penetration-horn-of-africa")
    assert spaces(state, "horn-of-africa") == ["GB", "GB", "italy", "italy", None, None]
    state = position(territories={"horn-of-africa": ["GB", "GB", "GB", "FR", "GB", ""]})
    event(state, "italian-penetration-horn-of-africa", dice=[5])
    assert spaces(state, "horn-of-africa") == ["GB", "GB", "GB", "FR", "italy", "italy"]
    assert state.territories["horn-of-africa"].holder is None  # §12: GB lost control


def test_nationalist_turmoil_in_austria() -> None:
    state = position(powers={"CE": {"prestige": 2}})
    event(state, "nationalist-turmoil-in-austria")
    assert state.powers["CE"].prestige == 1


def test_portuguese_bankruptcy() -> None:
    state = position(
        territories={
            "namibia": ["portugal", "CE"],
            "tanganyika": ["portugal", "GB"],
            "portugal": ["portugal"],
        }
    )
    event(state, "portuguese-bankruptcy")
    assert spaces(state, "namibia")[:2] == [None, "CE"] and spaces(state, "tanganyika")[:2] == [None, "GB"]
    assert spaces(state, "portugal")[0] == "portugal"  # only Africa (§12)


def test_revolts_in_macedonia() -> None:
    state = position(
        territories={
            "bulgaria": ["italy", "RU", "RU"],
            "greece": ["GB", "FR"],
            "ottoman-empire": ["CE", "CE"],
            "serbia": ["RU"],
        }
    )
    event(state, "revolts-in-macedonia")
    assert spaces(state, "bulgaria")[:3] == ["italy", None, "RU"]
    assert spaces(state, "greece")[:2] == [None, "FR"]
    assert spaces(state, "ottoman-empire")[:2] == [None, "CE"]
    assert spaces(state, "serbia")[0] == "RU"


def test_sino_french_war() -> None:
    state = position(territories={"indochina": ["GB"]})
    event(state, "sino-french-war")
    assert spaces(state, "indochina")[:2] == ["GB", "FR"]


def test_sino_japanese_war() -> None:
    state = position(territories={"china": ["GB", "FR", "RU", "CE", "GB", "GB", "GB"]})
    event(state, "sino-japanese-war", dice=[2])
    assert spaces(state, "china") == ["GB", "japan", "RU", "CE", "GB", "GB", "GB", "japan"]
    assert state.minor_reserve["japan"] == 5


def test_mahdi_rebellion() -> None:
    state = position(territories={"egypt-sudan": ["FR", "GB", "GB", "GB"]})
    event(state, "mahdi-rebellion")
    assert spaces(state, "egypt-sudan")[:4] == ["FR", None, "GB", "GB"]


def test_anglo_boer_war() -> None:
    state = position()  # 3 Boer cubes start in South Africa (§3.1): none left to place
    event(state, "anglo-boer-war")
    assert spaces(state, "south-africa").count("boer-states") == 3
    state = position(territories={"south-africa": ["GB", "GB", "GB"]})
    event(state, "anglo-boer-war")
    assert spaces(state, "south-africa")[:5] == ["GB", "GB", "GB", "boer-states", "boer-states"]


def test_assassination_of_umberto_i() -> None:
    # Italy has 10 spaces (reconstructed G2, issue 18's fifth pass; was 8): 6 FR cubes ally it.
    state = position(territories={"italy": ["GB", "FR", "FR", "FR", "FR", "FR", "FR"]})
    assert state.territories["italy"].holder == "FR"
    event(state, "assassination-of-umberto-i")
    assert spaces(state, "italy")[:7] == ["GB", None, "FR", "FR", "FR", "FR", "FR"]
    assert state.territories["italy"].holder is None  # 5 of 10 is no longer a majority


def test_coup_in_persia() -> None:
    state = position(territories={"persia": ["RU", "RU", "GB", "FR/CE"]})
    event(state, "coup-in-persia")
    assert spaces(state, "persia")[:4] == [None, "RU", None, "CE"]  # FR's base went: CE's top drops in


def test_dreyfus_affair() -> None:
    state = position(powers={"FR": {"prestige": 0}})
    event(state, "dreyfus-affair")
    assert state.powers["FR"].prestige == -1


def test_italian_irredentism() -> None:
    state = position(territories={"italy": ["FR"]})
    event(state, "italian-irredentism")
    assert spaces(state, "italy")[:2] == ["FR", "italy"]


def test_japanese_annexion_of_korea() -> None:
    state = position(territories={"manchuria-korea": ["RU"]})
    event(state, "japanese-annexion-of-korea")
    assert spaces(state, "manchuria-korea")[:3] == ["RU", "japan", "japan"]


def test_massacre_in_armenia() -> None:
    state = position(territories={"ottoman-empire": {"CE": 4}}, powers={"CE": {"prestige": 3}})
    event(state, "massacre-in-armenia")
    assert state.powers["CE"].prestige == 2
    state = position(territories={"ottoman-empire": {"CE": 3}}, powers={"CE": {"prestige": 3}})
    event(state, "massacre-in-armenia")
    assert state.powers["CE"].prestige == 3  # no ally, no effect


def test_revolution_of_the_young_turks() -> None:
    state = position(territories={"ottoman-empire": ["GB", "CE", "CE", "CE", "CE"]})
    event(state, "revolution-of-the-young-turks")
    assert spaces(state, "ottoman-empire")[:5] == ["GB", None, "CE", "CE", "CE"]
    assert state.territories["ottoman-empire"].holder is None


def test_royal_scandal_in_great_britain() -> None:
    state = position(powers={"GB": {"prestige": 1}})
    event(state, "royal-scandal-in-great-britain")
    assert state.powers["GB"].prestige == 0


def test_spanish_american_war() -> None:
    state = position()  # setup: 1 Spanish cube in Micronesia (§3.1)
    event(state, "spanish-american-war")
    assert spaces(state, "micronesia")[0] == "united-states" and state.minor_reserve["spain"] == 1


def test_boxer_rebellion() -> None:
    state = position(territories={"china": ["GB", "GB", "japan", "FR", "RU"]})
    event(state, "boxer-rebellion")
    assert spaces(state, "china")[:5] == [None, "GB", "japan", None, None]


def test_may_coup_in_serbia() -> None:
    state = position(territories={"serbia": ["CE", "CE", "CE", "CE"]})
    event(state, "may-coup-in-serbia")
    assert spaces(state, "serbia")[:4] == ["RU", "CE", "CE", "CE"]  # CE's first cube out, RU in its space


def test_assassination_of_franz_ferdinand() -> None:
    """§6.3: drawn in the Event Phase, the game ends at once and the turn is not played."""
    log: list[LogEntry] = []
    state = position(
        phase="turn-start", turn=7, events=["assassination-of-franz-ferdinand", "economic-crisis"], log=log
    )
    assert state.final is not None and state.end_turn == 7
    assert "economic-crisis" in state.event_draw  # the second card is never drawn
    assert "the rest of this turn is not played" in texts(log)


def test_italian_turkish_war() -> None:
    state = position(territories={"ottoman-empire": ["CE"]})
    event(state, "italian-turkish-war")
    assert spaces(state, "ottoman-empire")[:3] == ["CE", "italy", "italy"]


def test_russo_japanese_war() -> None:
    state = position(territories={"manchuria-korea": ["RU"]}, powers={"RU": {"prestige": 1}})
    event(state, "russo-japanese-war")
    assert (
        spaces(state, "manchuria-korea")[:3] == ["RU", "japan", "japan"] and state.powers["RU"].prestige == 0
    )


def test_balkan_wars() -> None:
    """Assigned when drawn (digest G22); its VP count at the final scoring only (§10.2)."""
    state = position(territories={"serbia": {"RU": 3}, "bulgaria": {"RU": 1, "CE": 2}, "greece": {"GB": 2}})
    log = event(state, "balkan-wars")
    assert state.balkan_wars == "RU" and "The Balkan Wars goes to Russia" in texts(log)
    assert ("The Balkan Wars", 3) in score_items(state, "RU", final=True)
    assert all(what != "The Balkan Wars" for what, _ in score_items(state, "RU", final=False))
