"""The rules reference: short summaries in our own words, by the rulebook's headings.

The text lives in ``data/rules/*.md`` (one file per part of the rulebook, read in the
order of their names) so that a translator or a modder edits text, not code. Each file
opens with ``# Part`` and holds sections ``## Part / Section`` whose body runs to the
next heading. The files are read and checked once, as the cards are: a heading of
another part, a doubled heading, an empty or over-long body, or text before the first
heading is an error naming the file and line. Headings follow the rulebook so that the
``rule`` field of a log entry or a decision leads straight to its section. Both the full
screen and the plain-text mode read it from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

MAX_BODY = 1500  # a summary, not a copy of the rulebook


class RulesError(Exception):
    """A rules reference file that cannot be read; the message names file and line."""


@dataclass(frozen=True, slots=True)
class Section:
    heading: str  # "Part / Section", as cited by the engine
    body: str


def parse(path: Path, text: str) -> list[Section]:
    """The sections of one file, checked (see the module's docstring)."""
    part = ""
    out: list[Section] = []
    heading, start = "", 0
    body: list[str] = []

    def close() -> None:
        if not heading:
            return
        text = "\n".join(body).strip()
        if not text:
            raise RulesError(f"{path.name}:{start}: section '{heading}' has no text")
        if len(text) > MAX_BODY:
            raise RulesError(
                f"{path.name}:{start}: section '{heading}' is longer than {MAX_BODY} "
                "characters (a summary, not the rulebook)"
            )
        out.append(Section(heading, text))

    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            close()
            heading, body, start = line[3:].strip(), [], number
            if not part:
                raise RulesError(f"{path.name}:{number}: the file must open with '# Part'")
            if heading != part and not heading.startswith(part + " / "):
                raise RulesError(f"{path.name}:{number}: '{heading}' is not a section of '{part}'")
        elif line.startswith("# "):
            if part:
                raise RulesError(f"{path.name}:{number}: a second '# ' title")
            part = line[2:].strip()
        elif heading:
            body.append(line)
        elif line.strip():
            raise RulesError(f"{path.name}:{number}: text before the first '## ' section")
    close()
    if not out:
        raise RulesError(f"{path.name}: no '## ' section")
    return out


def default_rules_dir() -> Path:
    from planet_king.content.loader import default_data_dir

    return default_data_dir() / "rules"


@cache
def load(folder: Path | None = None) -> tuple[Section, ...]:
    """Every section of every ``*.md`` file in ``folder`` (default: data/rules)."""
    folder = folder or default_rules_dir()
    files = sorted(folder.glob("*.md"))
    if not files:
        raise RulesError(f"no rules reference files (*.md) in {folder}")
    sections: list[Section] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesError(f"{path.name}: cannot be read: {exc}") from None
        for section in parse(path, text):
            if section.heading in seen:
                raise RulesError(
                    f"{path.name}: '{section.heading}' is already in {seen[section.heading]}"
                )
            seen[section.heading] = path.name
            sections.append(section)
    return tuple(sections)


_folder: Path | None = None  # None: data/rules beside the game data


def use(data_dir: Path) -> None:
    """Read the reference from ``data_dir/rules`` (a modder's data folder) when it has
    one, and check it now, at start: a bad file stops the game before it begins."""
    global _folder
    folder = data_dir / "rules"
    _folder = folder if any(folder.glob("*.md")) else None
    load(_folder)


def sections() -> tuple[Section, ...]:
    return load(_folder)


def search(query: str) -> list[Section]:
    """Sections whose heading or body contains every word of the query, the best first:
    the query in the heading, then all its words there, then how often the body says it
    (issue 32: "royal actions" found "Organisation Phase / Overview" first)."""
    words = [w.lower() for w in query.split() if w]
    if not words:
        return list(sections())
    phrase = " ".join(words)
    found = [s for s in sections() if all(w in (s.heading + " " + s.body).lower() for w in words)]

    def said(text: str, what: str) -> int:  # "war" counts "wars", not "reward"
        return len(re.findall(rf"\b{re.escape(what)}", text))

    def rank(s: Section) -> tuple[int, ...]:
        heading, body = s.heading.lower(), s.body.lower()
        return (
            said(heading, phrase),
            sum(said(heading, w) > 0 for w in words),
            said(body, phrase),
            sum(said(body, w) for w in words),
        )

    return sorted(found, key=rank, reverse=True)  # stable: ties keep the book's order


def _normal(heading: str) -> str:
    """A heading without its parenthesised qualifiers, lower-cased: 'Actions / Royal
    Actions (Issue)' -> 'actions / royal actions'. A part that is nothing but a
    parenthesis, as in 'Events / (single-use cards)', keeps its words."""
    parts = []
    for part in heading.split(" / "):
        part = part.strip()
        if part.startswith("(") and part.endswith(")"):
            part = part[1:-1]
        else:
            part = re.sub(r"\s*\([^)]*\)", "", part)
        parts.append(part.strip().lower())
    return " / ".join(p for p in parts if p)


def find(rule: str) -> Section | None:
    """The section a cited rule belongs to: its heading (parenthesised qualifiers
    ignored), a section that continues it, the section of the same part whose title
    shares the most words with it, or else the part's own section or its Overview."""
    if not rule:
        return None
    for s in sections():
        if s.heading == rule:
            return s
    base = _normal(rule)
    for s in sections():
        if _normal(s.heading) == base:
            return s
    for s in sections():
        if _normal(s.heading).startswith(base + " "):
            return s
    part, _, sub = base.partition(" / ")
    same_part = [s for s in sections() if _normal(s.heading).startswith(part + " /")]
    if sub and same_part:
        words = {w.strip(",'\"") for w in sub.split() if len(w) > 3}

        def shared(section: Section) -> int:
            theirs = _normal(section.heading).split(" / ", 1)[-1].replace(",", " ").split()
            return len(words & set(theirs))

        best = max(same_part, key=shared)
        return best if shared(best) else None  # not summarised yet: no misleading match
    for wanted in (part, part + " / overview"):
        for s in sections():
            if _normal(s.heading) == wanted:
                return s
    return None


section_for = find  # the name the engine's rule citations are documented under
