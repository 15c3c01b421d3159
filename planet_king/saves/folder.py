"""The saves folder, and saving a game under a name in it (written atomically: a
crash, a full disk or Ctrl+C never damages the previous file).
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

from planet_king.engine.game import Game
from planet_king.fsutil import atomic_write, describe_os_error, sanitise_name, shown
from planet_king.saves.errors import SaveExistsError, SaveWriteError
from planet_king.saves.write import dumps

ENV_SAVES = "PLANET_KING_SAVES"
APP_NAME = "planet-king"
AUTOSAVE_PREFIX = "autosave-"


def checkout_root() -> Path | None:
    """The repository's top folder when the program runs from a checkout of it (an
    editable install or the source tree), else None (an installed wheel)."""
    root = Path(__file__).resolve().parents[2]  # planet_king/saves/folder.py
    try:
        if not (root / ".git").exists():
            return None
        text = (root / "pyproject.toml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return root if re.search(r'^name\s*=\s*"planet-king"', text, re.M) else None


def saves_dir(override: Path | str | None = None) -> Path:
    """Where saves live, whatever the current folder: ``override`` (``--saves-dir``),
    else $PLANET_KING_SAVES, else the checkout's ``saves/`` when run from a checkout of
    the repository, else the user's data folder (``platformdirs``)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_SAVES, "").strip()
    if env:
        return Path(env).expanduser()
    root = checkout_root()
    if root is not None:
        return root / "saves"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


_resolve_dir = saves_dir  # the keyword arguments below shadow the function's name


def default_name(game: Game) -> str:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{game.scenario.id}-seed{game.seed}-{stamp}.json"


def save_game(
    game: Game,
    path: Path | str | None = None,
    *,
    saves_dir: Path | None = None,
    overwrite: bool = False,
) -> Path:
    """Save a game and return the file written. Raises SaveWriteError (one line).

    The file always lands in the saves folder (``saves_dir``, else $PLANET_KING_SAVES,
    else the default folder); ``path`` only gives its name, sanitised: no folders, no
    traversal, no absolute paths (to write elsewhere, pass that folder as ``saves_dir``).
    A name with no letter or digit (``.``, ``*``, ``..``) is refused, not replaced.
    A save of that name is never replaced silently: refused (SaveExistsError, saying
    how) unless ``overwrite`` or the name ends with ``!`` (``w my-reign!``).
    """
    folder = _resolve_dir(saves_dir)
    if path is not None and str(path).rstrip().endswith("!"):
        path, overwrite = str(path).rstrip()[:-1], True
    if path is None or not str(path).strip():
        name = default_name(game)
    else:
        if not re.search(r"[^\W_]", str(path)):
            raise SaveWriteError(
                f"'{shown(str(path), 40)}' is not a save name: use at least one letter or "
                "digit (nothing was saved)",
                kind="io",
            )
        name = sanitise_name(str(path))
        if name.lower().startswith(AUTOSAVE_PREFIX):  # not to be rotated away
            name = "save-" + name
    target = folder / name
    if not overwrite and (target.exists() or target.is_symlink()):
        stem = shown(name.removesuffix(".json"), 80)
        raise SaveExistsError(
            f"a save named '{shown(name, 80)}' exists already (nothing was saved); "
            f"to replace it, save as '{stem}!'",
            kind="exists",
        )
    data = dumps(game).encode("utf-8")
    try:
        atomic_write(target, data)
    except OSError as exc:
        raise SaveWriteError(
            f"could not save to {shown(str(target), 300)}: {describe_os_error(exc)} "
            "(nothing was overwritten)",
            kind="io",
        ) from None
    return target
