"""Tests of Europe in Turmoil: content, rules (digest §4.1) and the example of play (scenarios/)."""
