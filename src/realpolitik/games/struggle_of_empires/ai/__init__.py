"""Bots' hooks: evaluation and determinization."""
