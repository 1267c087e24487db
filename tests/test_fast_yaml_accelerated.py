"""The accelerated path of builder.content.fast_yaml (rapidyaml, then JSON) reads every
document exactly as the event builder does, or leaves it to the event builder
(issue 20): the same data, the same located errors, the same limits."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.content import fast_yaml
from builder.content.fast_yaml import FastYamlError, _accelerated, _build, _NOT_VOUCHED
from builder.content.yaml_io import MAX_DEPTH, MAX_NODES, parse_yaml
from builder.errors import YamlError
from yaml._yaml import CParser

pytest.importorskip("ryml")

ROOT = Path(__file__).resolve().parents[1]


def events(text: str):
    return _build(CParser(text), MAX_NODES, MAX_DEPTH)


def same(a, b) -> bool:
    """Equal, with the types of every scalar and key (True is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(type(k) is type(j) for k, j in zip(a, b)) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b or (a != a and b != b)


def repository_yaml() -> list[Path]:
    return sorted(p for folder in ("content", "examples", "tests/fixtures", "schemas") if (ROOT / folder).is_dir()
                  for p in (ROOT / folder).rglob("*.yaml"))


def test_every_yaml_file_of_the_repository_reads_the_same():
    vouched = 0
    for path in repository_yaml():
        text = path.read_text(encoding="utf-8", errors="replace").removeprefix("\ufeff")
        try:
            expected = events(text)
        except (FastYamlError, fast_yaml.YAMLError):
            assert _accelerated(text, MAX_DEPTH) is _NOT_VOUCHED or fast_yaml.unvouched(text), path
            continue
        got = _accelerated(text, MAX_DEPTH)
        if got is not _NOT_VOUCHED:
            vouched += 1
            assert same(got, expected), path
        assert same(parse_yaml(text), expected), path
    assert vouched > 100  # the shortcut does serve the bundled content


CASES = [
    "a: 1\nb: [1, 2.5, -3, 1e3, .5, -.5, 1., 0, -0, 12345678901234567890]\n",
    "a: [True, TRUE, False, FALSE, Null, NULL, ~, null, true, false]\n",
    "a: [0x1F, 0o17, 012, +1, .inf, -.Inf, .nan, 1_000, 1e, nan, inf]\n",
    "a: ['3', \"4\", 'true', '', \"\", '~', 'null', '0x10', '.inf']\n",
    "3: x\n1.5: y\nnull: z\ntrue: w\n",
    "a: 1\na: 2\n",
    "a: {b: 1, b: 2}\n",
    "a: !!str 3\n",
    "a: !custom x\n",
    "a: &x [1]\nb: *x\n",
    "<<: {a: 1}\nb: 2\n",
    "? [a, b]\n: c\n",
    "[a, b]: c\n",
    "{a: 1}: c\n",
    "%YAML 1.2\n---\na: 1\n",
    "a: 1\n---\nb: 2\n",
    "a: 'it''s'\nb: \"say \\\"hi\\\"\"\nc: say \"hi\"\nd: 'back\\slash'\n",
    "a: |\n  line 1\n  line 2\nb: >-\n  folded\n  text\n\n  para\nc: |+\n  keep\n\nd: x\n",
    "a: plain text\n  folded over lines\nb: 'single\n  quoted'\n",
    "date: 1944-06-06\non: yes\nno: off\n",
    "a:\n- b\n- c: d\n  e: [f, {g: h}]\n",
    "- - - x\n- y\n",
    "name: \u00e9t\u00e9 \u2014 caf\u00e9\n",
    "a: [1, 2\n",
    "a: b: c\n",
    "a:\tb\n",
    "a: 1\r\nb: 2\r\n",
    "",
    "# only a comment\n",
    "x",
    "a: x # comment\nb: '#not'\n",
    "a: [" * 70 + "]" * 70 + "\n",
    "[" * 64 + "]" * 64,
    "[" * 65 + "]" * 65,
    "a: {b: [c, {d: e}]}\n",
    "a: -\nb: - x\n",
    "a: 50%\nb: why? because\nc: what ? x\n",
    "key with spaces: value\n\"quoted key\": 1\n'single key': 2\n",
    "a: [a, b, ]\n",
    "a: {x: , y: 2}\n",
    "a:\n  - \n  -\n",
]


@pytest.mark.parametrize("text", CASES)
def test_corner_cases_read_as_the_event_builder_reads_them(text):
    try:
        expected = events(text)
    except (FastYamlError, fast_yaml.YAMLError):
        with pytest.raises(YamlError):
            parse_yaml(text)
        return
    assert same(parse_yaml(text), expected)


SCALARS = st.one_of(
    st.integers(-10**6, 10**6), st.booleans(), st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(alphabet=st.sampled_from(list("abcXYZ019 .-+_~:#'\"eExo\u00e9")), max_size=8),
)
DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(alphabet="abcdef019.", min_size=1, max_size=4), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(DATA, st.booleans())
def test_dumped_documents_read_the_same_both_ways(data, flow):
    import yaml

    text = yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True, sort_keys=False)
    try:
        expected = events(text)
    except (FastYamlError, fast_yaml.YAMLError):
        return
    assert same(parse_yaml(text), expected), text


@pytest.mark.parametrize("data", [
    "x", [], {}, [[]], {"a": "]]]"}, ["a\\", "\"[", "\\\"{"], {"k": [1, {"n": "\n\t]\\\"\\\\"}]},
    [[[[[["deep", {"x": "{"}]]]]]], {"é": ["ü]", {"\u2014": "["}]},
])
def test_json_depth_counts_containers_not_brackets_in_strings(data):
    import json

    def depth(x):
        if isinstance(x, dict):
            return 1 + max((depth(v) for v in x.values()), default=0)
        if isinstance(x, list):
            return 1 + max((depth(v) for v in x), default=0)
        return 0

    for text in (json.dumps(data), json.dumps(data, ensure_ascii=False, indent=2)):
        assert fast_yaml._json_depth(text) == depth(data)
