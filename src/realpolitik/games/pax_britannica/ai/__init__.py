"""Bots' hooks for Pax Britannica: evaluation values and a determinizer."""
