"""The in-game rules reference: coverage of the engine's citations, search, length, and
that every summary is in our own words (no 12-word run of the rulebook)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import rulebook_facts

from planet_king import rules_reference as rules_ref

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "planet_king" / "engine"


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
    headings = [s.heading for s in rules_ref.sections()]
    assert len(headings) == len(set(headings))


@pytest.mark.parametrize("query", ["bankruptcy", "Condé", "eagle"])
def test_search_finds(query: str) -> None:
    assert rules_ref.search(query)


def test_bodies_are_short() -> None:
    for s in rules_ref.sections():
        assert len(s.body) <= 1500, s.heading


def test_rulings_cited_exist() -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for s in rules_ref.sections():
        for ref in re.findall(r"\b([RD]\d+)\b", s.body):
            assert f"### {ref}." in rulings, (s.heading, ref)


def test_the_reference_is_read_from_the_data_files() -> None:
    """The text is content: every section comes from data/rules/*.md, in file order."""
    folder = ROOT / "data" / "rules"
    files = sorted(folder.glob("*.md"))
    assert files
    from_files = [s for path in files for s in rules_ref.parse(path, path.read_text("utf-8"))]
    assert list(rules_ref.sections()) == from_files


BAD_FILES = [
    ("## Wars / Overview\n\ntext\n", "must open with '# Part'"),
    ("# Wars\n\nloose text\n## Wars / Overview\n\ntext\n", "text before the first"),
    ("# Wars\n\n## Events / Instability\n\ntext\n", "is not a section of 'Wars'"),
    ("# Wars\n\n## Wars / Overview\n\n## Wars / Campaigns\n\ntext\n", "has no text"),
    ("# Wars\n\n## Wars / Overview\n\n" + "word " * 400 + "\n", "longer than 1500"),
    ("# Wars\n# Events\n", "a second '# ' title"),
    ("# Wars\n", "no '## ' section"),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_a_bad_rules_file_is_refused_with_file_and_line(text: str, message: str) -> None:
    with pytest.raises(rules_ref.RulesError, match=re.escape(message)) as info:
        rules_ref.parse(Path("08-wars.md"), text)
    assert str(info.value).startswith("08-wars.md")


def test_a_heading_in_two_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "01-a.md").write_text("# Wars\n\n## Wars / Overview\n\none\n", "utf-8")
    (tmp_path / "02-b.md").write_text("# Wars\n\n## Wars / Overview\n\ntwo\n", "utf-8")
    with pytest.raises(rules_ref.RulesError, match=re.escape("already in 01-a.md")):
        rules_ref.load(tmp_path)


def test_no_body_copies_the_rulebook() -> None:
    """The reference is written in our own words (no 12-word run of the rulebook), read
    against the fingerprint of the rulebook's runs committed in tests/facts (so this runs
    on any clone; the next test checks the fingerprint against the rulebook itself)."""
    _, runs = rulebook_facts.load_runs()
    assert len(runs) > 20_000
    run = rulebook_facts.RUN
    for s in rules_ref.sections():
        mine = rulebook_facts.words(s.body)
        for i in range(len(mine) - run + 1):
            copied = rulebook_facts.run_hash(mine[i : i + run]) in runs
            assert not copied, (s.heading, " ".join(mine[i : i + run]))


def test_the_fingerprint_catches_a_copied_run() -> None:
    """The check above can fail: twelve words of the rulebook are in the fingerprint
    (this run is from Setup / Offices, as quoted in ruling R56)."""
    _, runs = rulebook_facts.load_runs()
    quoted = "the player must immediately place a noble located at Court in the vacant office"
    words = rulebook_facts.words(quoted)
    assert rulebook_facts.run_hash(words[: rulebook_facts.RUN]) in runs


def test_the_committed_fingerprint_is_the_rulebooks() -> None:
    """Cross-check of the committed fingerprint against the rulebook itself, recomputed
    from its full text. It runs where the rulebook is present; elsewhere it is skipped
    with that reason, while the test above still checks every summary against the
    committed fingerprint (see tests/rulebook_facts.py; PLANET_KING_REQUIRE_RULEBOOK=1
    turns the skip into a failure)."""
    text = rulebook_facts.rulebook_text_or_skip()
    digest, runs = rulebook_facts.load_runs()
    assert digest == rulebook_facts.sha256(text), "regenerate tests/facts"
    assert runs == rulebook_facts.runs_of(text)


def test_a_bad_rules_file_stops_play_at_start_in_one_line(tmp_path: Path) -> None:
    """A modder's data folder with a broken rules file: one line, exit code 2."""
    import shutil

    from typer.testing import CliRunner

    from planet_king.cli import app

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    (data / "rules" / "08-wars.md").write_text("# Wars\n\n## Events / Instability\n\nx\n")
    try:
        result = CliRunner().invoke(
            app, ["play", "hothead", "--text", "--seed", "1", "--data-dir", str(data)], input="q\n"
        )
    finally:
        rules_ref.use(ROOT / "data")  # back to the shipped reference for the other tests
    assert result.exit_code == 2
    assert "rules reference: 08-wars.md:3: 'Events / Instability' is not a section" in (
        result.output
    )


def test_search_puts_the_section_named_by_the_query_first() -> None:
    """Issue 32 (9): "royal actions" found "Organisation Phase / Overview" first and
    "war" found "Components / Game Board" first; the heading that says it comes first."""
    assert rules_ref.search("royal actions")[0].heading == "Actions / Royal Actions"
    assert rules_ref.search("war")[0].heading.startswith("Wars / ")
    assert rules_ref.search("income")[0].heading == "End of Turn Phase / Income"
    everything = rules_ref.search("war")
    assert {s.heading for s in everything} == {
        s.heading for s in rules_ref.sections() if "war" in (s.heading + " " + s.body).lower()
    }
