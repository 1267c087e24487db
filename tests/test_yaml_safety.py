"""Untrusted YAML: no arbitrary tags, no alias bombs, no tracebacks on garbage."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.content.yaml_io import Limits, parse_yaml
from builder.errors import YamlError


def test_python_tags_are_refused() -> None:
    with pytest.raises(YamlError) as info:
        parse_yaml("!!python/object/apply:os.system ['echo hi']", "evil.yaml")
    assert info.value.diagnostics[0].code == "Y102"


def test_custom_tags_are_refused() -> None:
    with pytest.raises(YamlError) as info:
        parse_yaml("a: !include other.yaml\n", "x.yaml")
    assert info.value.diagnostics[0].code == "Y102"
    assert info.value.diagnostics[0].line == 1


def test_alias_bomb_is_stopped() -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    with pytest.raises(YamlError) as info:
        parse_yaml("\n".join(lines), "bomb.yaml")
    assert info.value.diagnostics[0].code == "Y104"


def test_oversized_document_is_refused() -> None:
    with pytest.raises(YamlError) as info:
        parse_yaml("a: " + "x" * 2000, "big.yaml", Limits(max_bytes=1000))
    assert info.value.diagnostics[0].code == "Y103"


def test_duplicate_keys_are_located() -> None:
    with pytest.raises(YamlError) as info:
        parse_yaml("a: 1\nb: 2\na: 3\n", "dup.yaml")
    diag = info.value.diagnostics[0]
    assert diag.code == "Y105" and diag.line == 3


def test_dates_stay_text() -> None:
    assert parse_yaml("date: 1944-06-06\n") == {"date": "1944-06-06"}


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!?|>'\"#\n 1.%@`,")), max_size=80))
def test_garbage_never_raises_anything_but_yaml_error(text: str) -> None:
    try:
        parse_yaml(text, "garbage.yaml")
    except YamlError as exc:
        assert all(d.file == "garbage.yaml" for d in exc.diagnostics)
