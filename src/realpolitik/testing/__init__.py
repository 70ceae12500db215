"""The battery every registered game passes (like OpenSpiel's ``random_sim_test`` and
PettingZoo's ``api_test``), shipped with the package so a game written elsewhere can run it too::

    from realpolitik.testing import run_battery
    run_battery(MY_PLUGIN)                  # raises BatteryFailure naming the broken property

Each check takes a game's plug-in and speaks only the engine contract; see :mod:`.battery` for what
each one asserts. realpolitik's own suite runs every check over every game in the registry
(``tests/test_battery.py``).
"""

from .battery import CHECKS, BatteryFailure, Check, run_battery

__all__ = ["CHECKS", "BatteryFailure", "Check", "run_battery"]
