"""Every ruling the code, the data or the scripts name (in a log line, a docstring or a
comment) is written in docs/rulings.md (issue 31: log lines cited "ruling W7", which
never existed), and no rule is decided in an unnumbered "Ruling:" note."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [
    *sorted((ROOT / "planet_king").rglob("*.py")),
    *sorted((ROOT / "data").rglob("*.yaml")),
    *sorted((ROOT / "scripts").glob("*.py")),
    *sorted((ROOT / "benchmarks").glob("*.py")),
]
# A ruling's number (R.., D..) anywhere, and any "ruling X<n>" whatever its letter.
NUMBERED = re.compile(r"\b[RD]\d{1,3}\b")
AFTER_RULING = re.compile(r"\b[Rr]ulings?\s+([A-Z]{1,2}\d+)")
UNNUMBERED = re.compile(r"\b[Rr]uling:")


def written() -> set[str]:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    return set(re.findall(r"^### ([A-Z]\d+)\.", text, flags=re.MULTILINE))


def test_every_ruling_cited_exists_in_the_rulings() -> None:
    known = written()
    missing = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            for rid in set(NUMBERED.findall(line)) | set(AFTER_RULING.findall(line)):
                if rid not in known:
                    missing.append(f"{path.relative_to(ROOT)}:{n}: {rid}")
    assert missing == []


def test_no_rule_is_decided_in_an_unnumbered_note() -> None:
    notes = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNNUMBERED.search(line)
    ]
    assert notes == []


def test_the_check_sees_a_wrong_citation() -> None:
    """The patterns catch the citations issue 31 found."""
    assert AFTER_RULING.findall("the Habsburg tercio (ruling W7).") == ["W7"]
    assert NUMBERED.findall("rulings R42 and R62") == ["R42", "R62"]
    assert UNNUMBERED.search("    Ruling: the ducat of the embassy is still paid")
