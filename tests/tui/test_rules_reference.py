"""The in-game rules reference: coverage of the engine's citations, search, length, and
that every summary is in our own words (no 12-word run of the rulebook)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from planet_king.tui import rules_ref

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "planet_king" / "engine"
RULEBOOK = ROOT.parent / "shared" / "rulebook" / "the-planet-king-rulebook.txt"
RUN = 12


def _string(node: ast.expr, consts: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif (
                isinstance(value, ast.FormattedValue)
                and isinstance(value.value, ast.Name)
                and value.value.id in consts
            ):
                parts.append(consts[value.value.id])
            else:
                return None
        return "".join(parts)
    return None


def _is_rule_name(target: ast.expr) -> bool:
    return isinstance(target, ast.Name) and (
        target.id == "rule" or target.id.startswith(("RULE", "R_"))
    )


def engine_rules() -> list[str]:
    """Every rule heading the engine cites: RULE*/R_* constants, ``rule = ...`` and
    ``rule=...`` arguments, with f-strings built from module constants resolved."""
    found: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts: dict[str, str] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                value = _string(node.value, consts)
                if isinstance(target, ast.Name) and value is not None:
                    consts[target.id] = value
        for node in ast.walk(tree):
            cited = (isinstance(node, ast.keyword) and node.arg == "rule") or (
                isinstance(node, ast.Assign) and any(_is_rule_name(t) for t in node.targets)
            )
            if cited:
                text = _string(node.value, consts)  # type: ignore[attr-defined]
                if text:
                    found.add(text)
    return sorted(found)


def _first_part(heading: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", heading.split(" / ")[0]).strip()


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower().replace("’", "'"))


def test_the_engine_cites_many_rules() -> None:
    rules = engine_rules()
    assert len(rules) > 80
    assert "Special Rules / Bankruptcy" in rules
    assert "End of Turn Phase / Income" in rules  # built with an f-string


@pytest.mark.parametrize("rule", engine_rules())
def test_every_engine_rule_resolves_to_its_part(rule: str) -> None:
    section = rules_ref.find(rule)
    assert section is not None, rule
    assert _first_part(section.heading) == _first_part(rule)
    assert rules_ref.section_for(rule) is section


def test_lookup_drops_qualifiers_and_climbs_to_parents() -> None:
    assert rules_ref.find("Actions / Royal Actions (Issue)").heading == "Actions / Royal Actions"
    assert rules_ref.find("End of Turn Phase").heading == "End of Turn Phase / Overview"
    assert rules_ref.find("Events / (single-use cards)").heading == "Events / Single-Use Cards"
    assert rules_ref.find("Events / Nothing Like This") is None
    assert rules_ref.find("") is None


def test_headings_are_unique() -> None:
    headings = [s.heading for s in rules_ref.SECTIONS]
    assert len(headings) == len(set(headings))


@pytest.mark.parametrize("query", ["bankruptcy", "Condé", "eagle"])
def test_search_finds(query: str) -> None:
    assert rules_ref.search(query)


def test_bodies_are_short() -> None:
    for s in rules_ref.SECTIONS:
        assert len(s.body) <= 1500, s.heading


def test_rulings_cited_exist() -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for s in rules_ref.SECTIONS:
        for ref in re.findall(r"\b([RD]\d+)\b", s.body):
            assert f"### {ref}." in rulings, (s.heading, ref)


def test_no_body_copies_the_rulebook() -> None:
    """The reference is written in our own words (no 12-word run of the rulebook)."""
    assert RULEBOOK.exists(), f"rulebook not found at {RULEBOOK} (it lives in shared/)"
    words = _words(RULEBOOK.read_text(encoding="utf-8"))
    runs = {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}
    for s in rules_ref.SECTIONS:
        mine = _words(s.body)
        for i in range(len(mine) - RUN + 1):
            assert tuple(mine[i : i + RUN]) not in runs, (s.heading, " ".join(mine[i : i + RUN]))
