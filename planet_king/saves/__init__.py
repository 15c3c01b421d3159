"""Saves: a game is (data version, scenario, options, seed, choices) — DESIGN 1.5.

A save file is a small JSON document (see ``docs/saves.md``) holding those, plus the
state digest at each turn start and after the last choice, the version of the rules it
was played under, and a snapshot of its last turn start. Loading a save of the current
rules replays the choices and checks the digests, so a save is also a bug report and a
regression test; a save of older rules resumes from its snapshot, and a save made before
snapshots (format 1) is replayed as far as its choices stay legal.

Writing is atomic (``planet_king.fsutil.atomic_write``): a crash, a full disk or
Ctrl+C never damages the previous file. Every game has its own id (made when it is
first saved, kept in the file), and autosaves rotate per game: the last few of each game
are kept, and the last autosave of a game is never deleted. Loading anything that is
not a good save raises ``SaveError`` with a one-line message naming what is wrong;
nothing is ever half loaded.

The package, by concern: ``format`` (the format's name, version and limits, and
``SaveData``), ``write`` (a game's save text), ``read`` (decoding and checking a file),
``replay`` (opening a save as a Game), ``folder`` (the saves folder, saving under a
name) and ``autosaves`` (rotation, and the listing for the load dialogs); ``errors``
holds ``SaveError``. Import from here: ``from planet_king.saves import load_game``.
"""

from planet_king.saves.autosaves import (
    AUTOSAVE_GAMES,
    AUTOSAVE_KEEP,
    COUNTER_DIGITS,
    SaveInfo,
    autosave,
    latest_autosave,
    latest_readable_autosave,
    list_saves,
)
from planet_king.saves.errors import SaveError, SaveExistsError, SaveWriteError
from planet_king.saves.folder import (
    AUTOSAVE_PREFIX,
    ENV_SAVES,
    checkout_root,
    default_name,
    save_game,
    saves_dir,
)
from planet_king.saves.format import (
    FORMAT,
    FORMAT_VERSION,
    MAX_SAVE_BYTES,
    SaveData,
    new_game_id,
    seed_problem,
)
from planet_king.saves.read import parse_save, parse_text, read_save
from planet_king.saves.replay import Observer, load_game, loads, rebuild
from planet_king.saves.write import dumps, to_dict

__all__ = [
    "AUTOSAVE_GAMES",
    "AUTOSAVE_KEEP",
    "AUTOSAVE_PREFIX",
    "COUNTER_DIGITS",
    "ENV_SAVES",
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_SAVE_BYTES",
    "Observer",
    "SaveData",
    "SaveError",
    "SaveExistsError",
    "SaveInfo",
    "SaveWriteError",
    "autosave",
    "checkout_root",
    "default_name",
    "dumps",
    "latest_autosave",
    "latest_readable_autosave",
    "list_saves",
    "load_game",
    "loads",
    "new_game_id",
    "parse_save",
    "parse_text",
    "read_save",
    "rebuild",
    "save_game",
    "saves_dir",
    "seed_problem",
    "to_dict",
]
