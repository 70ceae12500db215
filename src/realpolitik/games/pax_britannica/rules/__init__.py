"""The rules of Pax Britannica on engine.flow (see docs/pax-britannica.md for the line -> module index)."""
