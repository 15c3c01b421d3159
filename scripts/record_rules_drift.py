"""Record the fingerprint of play (tests/rules_drift.json) for the current rules version.

    python scripts/record_rules_drift.py --bump   # play changed: a new rules version
    python scripts/record_rules_drift.py          # only a bot changed: same version

``--bump`` adds one to ``RULES_VERSION`` (planet_king/engine/rules_version.py) and
records; saves made before then resume from their snapshots (docs/saves.md). Without it,
the fingerprints are recorded under the same version, which is refused when games of the
random bot (which depend on the rules alone) changed.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from planet_king import rules_drift
from planet_king.content.loader import load_content
from planet_king.engine import rules_version

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "rules_drift.json"
VERSION_FILE = ROOT / "planet_king" / "engine" / "rules_version.py"


def bump() -> int:
    text = VERSION_FILE.read_text(encoding="utf-8")
    new = rules_version.RULES_VERSION + 1
    text, n = re.subn(r"^RULES_VERSION = \d+$", f"RULES_VERSION = {new}", text, flags=re.M)
    if n != 1:
        sys.exit(f"{VERSION_FILE}: no 'RULES_VERSION = N' line to bump")
    VERSION_FILE.write_text(text, encoding="utf-8")
    return new


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bump", action="store_true", help="play changed: bump RULES_VERSION")
    args = parser.parse_args()
    now = rules_drift.fingerprints(load_content())
    version = rules_version.RULES_VERSION
    if RECORD.exists():
        recorded_version, recorded = rules_drift.read(RECORD)
        diff = rules_drift.changed(recorded, now)
        print(f"changed: {', '.join(diff) or 'nothing'}")
        rules_changed = [k for k in diff if k.endswith(f"/{rules_drift.RULES_BOT}")]
        if rules_changed and not args.bump and recorded_version == version:
            sys.exit(
                f"the {rules_drift.RULES_BOT} bot's games changed ({', '.join(rules_changed)}): "
                "play changed, so the rules version must change: run with --bump"
            )
    if args.bump:
        version = bump()
        print(f"RULES_VERSION is now {version} ({VERSION_FILE.relative_to(ROOT)})")
    rules_drift.write(RECORD, version, now)
    where = RECORD.relative_to(ROOT)
    print(f"recorded {len(now)} fingerprints for rules version {version} in {where}")


if __name__ == "__main__":
    main()
