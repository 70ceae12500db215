"""The Non-Player Powers (§13): the game's own automaton for solo and mixed games.

* :mod:`.dice`: every die the automaton rolls, logged with the rule it served.
* :mod:`.targets`: whom and where an NP's cards hit (§13.4.3-§13.4.7), and its other decisions.
* :mod:`.missions`: Send Diplomatic Missions (§13.7) and Sell Armaments (§13.8).
* :mod:`.phase`: the NP Action Phase in five steps (§13.3), phase e (§13.9) and the turn order (§13.2).
"""
