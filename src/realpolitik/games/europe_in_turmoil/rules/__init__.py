"""Europe in Turmoil's rules, one module per procedure of the rulebook (see docs/europe-in-turmoil.md)."""
