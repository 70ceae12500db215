"""realpolitik: play, study and automate the great-power board games of the years before 1914."""

__version__ = "0.1.0"
