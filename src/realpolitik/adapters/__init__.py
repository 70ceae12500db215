"""Environments for researchers: every registered game under PettingZoo, Gymnasium and OpenSpiel.

* :mod:`.encoding`: action indices, masks, observations and end rewards for every game (the game's
  own ``GamePlugin.encoding``, else a generic fallback);
* :mod:`.pettingzoo`: a PettingZoo ``AECEnv`` per game;
* :mod:`.gymnasium`: one seat against bots chosen by spec, as a Gymnasium ``Env``;
* :mod:`.openspiel`: each game as a Python ``pyspiel`` game (ISMCTS, ``random_sim_test``).

The three libraries are the optional extra ``research`` (``pip install 'realpolitik[research]'``);
each module imports its library, so import the one you use. Like ``bots/`` and ``sim/``, nothing
here names or imports a game package: games come from the registry. See docs/research.md.
"""
