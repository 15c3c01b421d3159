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
import secrets
import stat
import time
import unicodedata
from pathlib import Path

TEMP_PREFIX = ".pk-tmp-"
TEMP_SUFFIX = ".part"
STALE_TEMP_SECONDS = 600
# A file name's base is cut to this many bytes (UTF-8), not characters: file systems
# count bytes (255 at most), and an autosave's prefix and the temporary file's affixes
# must still fit.
MAX_NAME_BYTES = 120
# Shown in a message, untrusted text is cut to this many characters.
MAX_SHOWN = 120

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
    base = cut_bytes(base, MAX_NAME_BYTES).rstrip(" .-_") or default
    return base + suffix


def cut_bytes(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` bytes of UTF-8, never inside a character."""
    return text.encode("utf-8")[:limit].decode("utf-8", errors="ignore")


_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def escape_controls(text: str) -> str:
    """``text`` with control characters shown as escapes (``\\x1b``), never sent raw: a
    save or a data file may carry terminal escape sequences (saves are shared as bug
    reports). Newlines and tabs are escaped too (call it once per line), and so are
    lone surrogates (undecodable bytes typed on stdin), which no terminal can print."""
    return _CONTROLS.sub(
        lambda m: (
            f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}"
        ),
        text,
    )


def shown(value: object, limit: int = MAX_SHOWN) -> str:
    """An untrusted value for a one-line message: its text (or ``repr`` for anything
    but text and numbers), control characters escaped, cut to ``limit`` characters.
    Never formats a huge value whole (a YAML alias bomb, a 5,000-digit number)."""
    if isinstance(value, str):
        text = value[: limit + 1]
    elif isinstance(value, bool) or value is None:
        text = str(value)
    elif isinstance(value, int):
        text = (
            str(value)
            if value.bit_length() < 4 * limit
            else f"an integer of {value.bit_length()} bits"
        )
    elif isinstance(value, list | dict | tuple | set):
        text = f"a {type(value).__name__} of {len(value)} items"
    else:
        text = type(value).__name__
    text = escape_controls(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class NotRegularFile(OSError):
    """The path exists but is a FIFO, a device, a socket or a folder."""


def file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file, at most ``limit + 1`` of them (so a caller sees that
    it is too large). A FIFO, a device, a socket or a folder raises NotRegularFile
    without hanging: the path is checked with ``stat`` before it is opened, and opened
    non-blocking (a FIFO swapped in between is caught by ``fstat``, not waited on)."""
    before = os.stat(path)
    if not stat.S_ISREG(before.st_mode):
        raise NotRegularFile(errno.EINVAL, f"it is {file_kind(before.st_mode)}, not a file")
    if before.st_size > limit:
        raise NotRegularFile(errno.EFBIG, f"file too large ({before.st_size} bytes)")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(errno.EINVAL, f"it is {file_kind(mode)}, not a file")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


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
    # A fresh, unpredictable temporary name opened with O_EXCL | O_NOFOLLOW: a file or
    # a symlink planted under that name is never followed nor overwritten.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0)
    stem = cut_bytes(path.name, MAX_NAME_BYTES)
    for _ in range(8):
        tmp = folder / f"{TEMP_PREFIX}{stem}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            fd = os.open(tmp, flags, 0o644)
            break
        except FileExistsError:
            continue
    else:
        raise OSError(errno.EEXIST, f"cannot create a temporary file in {folder}")
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
