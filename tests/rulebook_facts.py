"""What the tests need from the rulebook, kept in the repository as facts, not prose.

The rulebook (``the-planet-king-rulebook.txt``) lives outside the repository, in
``../shared/rulebook/`` beside a team checkout, or where ``PLANET_KING_RULEBOOK`` points;
a fresh clone does not have it. So the tests read two files extracted from it:

- ``facts/rulebook_names.yaml``: every name the rulebook prints in capitals (the card
  names), and which of the card names it prints in lower case it contains;
- ``facts/rulebook_runs.bin``: a fingerprint of every run of 12 consecutive words (the
  first 5 bytes of a BLAKE2b hash each, sorted) from which no text can be rebuilt, to show
  that our own summaries copy no 12-word run.

Both record the SHA-256 of the rulebook they were taken from. Where the rulebook is
present, the cross-check tests recompute the facts from it and compare: those tests are
real where they run. Where it is absent they are skipped with the reason said, and set
``PLANET_KING_REQUIRE_RULEBOOK=1`` to turn that skip into a failure (as on a machine
that must have it). Regenerate after a change of the rulebook:
``python tests/rulebook_facts.py [PATH]``.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
FACTS = Path(__file__).resolve().parent / "facts"
NAMES_FILE = FACTS / "rulebook_names.yaml"
RUNS_FILE = FACTS / "rulebook_runs.bin"
RUN = 12  # words in a run that would be a copy
HASH_BYTES = 5

UP = "A-ZÁÉÍÓÚÑÜ"
WORD = rf"(?:[{UP}][{UP}'\-]*\.?|\(\d+\)|\d{{4}})(?![a-záéíóúñü])"
NAME = re.compile(rf"(?<![\w.]){WORD}(?: {WORD})*")


def rulebook_path() -> Path:
    return Path(
        os.environ.get(
            "PLANET_KING_RULEBOOK",
            ROOT.parent / "shared" / "rulebook" / "the-planet-king-rulebook.txt",
        )
    )


def rulebook_text_or_skip() -> str:
    """The rulebook's text for a cross-check; skip (with the reason) where it is absent,
    or fail if PLANET_KING_REQUIRE_RULEBOOK is set."""
    import pytest

    path = rulebook_path()
    if path.is_file():
        return path.read_text(encoding="utf-8")
    why = (
        f"rulebook not found at {path}: the cross-check of the committed facts is not run "
        "(the tests that use the facts do run); set PLANET_KING_RULEBOOK to its path"
    )
    if os.environ.get("PLANET_KING_REQUIRE_RULEBOOK"):
        pytest.fail(why)
    pytest.skip(why)
    raise AssertionError("unreachable")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# ----------------------------------------------------------------- extraction
def capital_names(text: str) -> set[str]:
    names = set()
    for match in NAME.finditer(text):
        name = match.group(0).rstrip(".").strip()
        if sum(ch.isalpha() for ch in name) >= 3:
            names.add(name)
    return names


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower().replace("’", "'"))


def run_hash(run: tuple[str, ...] | list[str]) -> bytes:
    return hashlib.blake2b(" ".join(run).encode("utf-8"), digest_size=HASH_BYTES).digest()


def runs_of(text: str) -> set[bytes]:
    w = words(text)
    return {run_hash(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def names_in(text: str, prose_names: list[str]) -> list[str]:
    lowered = text.lower()
    return sorted(n for n in prose_names if n.lower() in lowered)


# ---------------------------------------------------------------- the facts
def load_names() -> dict:
    return yaml.safe_load(NAMES_FILE.read_text(encoding="utf-8"))


def load_runs() -> tuple[str, set[bytes]]:
    """(the rulebook's SHA-256, the fingerprints of its 12-word runs)."""
    blob = RUNS_FILE.read_bytes()
    digest, body = blob[:64].decode("ascii"), blob[64:]
    return digest, {body[i : i + HASH_BYTES] for i in range(0, len(body), HASH_BYTES)}


def write_facts(text: str, prose_names: list[str]) -> None:
    FACTS.mkdir(exist_ok=True)
    data = {
        "source": "the-planet-king-rulebook.txt",
        "sha256": sha256(text),
        "capitalised_names": sorted(capital_names(text)),
        "names_in_prose": names_in(text, prose_names),
    }
    header = (
        "# Facts taken from the rulebook by tests/rulebook_facts.py (not its prose): the\n"
        "# names it prints in capitals, and the lower-case card names it contains.\n"
    )
    NAMES_FILE.write_text(
        header + yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    RUNS_FILE.write_bytes(sha256(text).encode("ascii") + b"".join(sorted(runs_of(text))))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent / "content"))
    from test_content_provenance import NAMED_IN_PROSE

    source = Path(sys.argv[1]) if len(sys.argv) > 1 else rulebook_path()
    write_facts(source.read_text(encoding="utf-8"), list(NAMED_IN_PROSE))
    print(f"wrote {NAMES_FILE} and {RUNS_FILE} from {source}")
