"""The version of the rules as played: bumped whenever a change to the engine or the data
alters play (the same seed and choices no longer give the same game).

Every save records it. A save of the current version is replayed and checked against
its digests; a save of an older version resumes from the snapshot it holds
(``docs/saves.md``). ``tests/test_rules_drift.py`` fails when play changes without a
bump: run ``python scripts/record_rules_drift.py --bump`` then.
"""

RULES_VERSION = 4
