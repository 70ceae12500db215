from __future__ import annotations

import pytest

from realpolitik.engine import canonical_json, state_hash


def test_canonical_json_is_independent_of_key_order():
    assert canonical_json({"b": 1, "a": {"y": [1, 2], "x": None}}) == '{"a":{"x":null,"y":[1,2]},"b":1}'
    assert state_hash({"a": 1, "b": 2}) == state_hash({"b": 2, "a": 1})
    assert state_hash({"a": 1}) != state_hash({"a": 2})
    assert len(state_hash({})) == 64


def test_floats_and_odd_keys_are_refused():
    with pytest.raises(TypeError, match=r"float at \$\.money"):
        canonical_json({"money": 1.5})
    with pytest.raises(TypeError, match="non-string key"):
        canonical_json({1: "x"})
