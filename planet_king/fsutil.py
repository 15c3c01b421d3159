"""File-system helpers: atomic writes, safe file names, one-line I/O error messages.

A file written with :func:`atomic_write` is either the complete new content or the
previous file untouched: the data goes to a temporary file in the same folder, is
flushed and fsync'ed, checked for size, and only then renamed over the target (a rename
within one folder is atomic on POSIX and on Windows). A crash, a full disk or Ctrl+C at
any point leaves at worst a stray temporary file, never a half-written save.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import time
import unicodedata
from pathlib import Path

TEMP_PREFIX = ".pk-tmp-"
TEMP_SUFFIX = ".part"
STALE_TEMP_SECONDS = 600
MAX_NAME_LENGTH = 80

# Device names Windows refuses as file names, whatever the extension.
_WINDOWS_RESERVED = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"COM{i}" for i in range(1, 10)),
    *(f"LPT{i}" for i in range(1, 10)),
}


def describe_os_error(exc: OSError) -> str:
    """A short, plain description of an I/O error (no traceback, no errno soup)."""
    plain = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is exceeded",
        errno.EROFS: "the file system is read-only",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.ENOENT: "no such file or folder",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.EISDIR: "it is a folder",
        errno.ENAMETOOLONG: "the name is too long",
    }
    text = plain.get(exc.errno or -1) or exc.strerror or str(exc) or type(exc).__name__
    return " ".join(str(text).split())


def sanitise_name(name: str, *, default: str = "save", suffix: str = ".json") -> str:
    """A safe file name from anything a player may type: no folders, no traversal, no
    absolute paths, no hidden or device names; ``suffix`` appended once.

    ``"../../etc/passwd"`` becomes ``"etc-passwd.json"``, ``"/tmp/x"`` becomes
    ``"tmp-x.json"``, ``""`` becomes ``"save.json"``.
    """
    text = unicodedata.normalize("NFKC", str(name))
    text = text.replace("\\", "/")
    parts = [p for p in text.split("/") if p.strip() not in ("", ".", "..")]
    base = "-".join(p.strip() for p in parts)
    base = re.sub(r"[^\w.\- ]+", "-", base)  # \w keeps accented letters
    base = re.sub(r"\s+", " ", base)
    base = re.sub(r"-{2,}", "-", base)
    if suffix and base.lower().endswith(suffix.lower()):
        base = base[: -len(suffix)]
    base = base.strip(" .-_")
    if base.split(".")[0].upper() in _WINDOWS_RESERVED:
        base = f"{default}-{base}"
    base = base[:MAX_NAME_LENGTH].rstrip(" .-_") or default
    return base + suffix


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where unsupported."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def clean_stale_temps(folder: Path, *, older_than: float = STALE_TEMP_SECONDS) -> None:
    """Remove temporary files left by an interrupted write (best effort)."""
    now = time.time()
    try:
        entries = list(folder.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))
    except OSError:
        return
    for path in entries:
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime > older_than:
                path.unlink()


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; on any failure the old file is untouched
    and the temporary file removed, and the error is raised (OSError, or whatever
    interrupted the write, such as KeyboardInterrupt)."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f"{TEMP_PREFIX}{path.name}.{os.getpid()}{TEMP_SUFFIX}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        if size != len(data):  # a short write the OS did not report
            raise OSError(errno.EIO, f"short write ({size} of {len(data)} bytes)")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(folder)
