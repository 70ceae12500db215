"""Bots' hooks for Europe in Turmoil: evaluation and determinization."""
