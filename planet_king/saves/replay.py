"""Opening a save as a Game: replay its choices and check its digests (same rules), or
resume from its snapshot (older rules), or replay a format-1 save as far as it stays
legal; ``game.load_notice`` says which in one line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from planet_king.content.loader import Content
from planet_king.engine import resume, snapshot
from planet_king.engine.decisions import Decision, IllegalChoice, RuleNotImplemented
from planet_king.engine.errors import EngineError, ScenarioNotPlayable, UnknownScenario
from planet_king.engine.game import Game
from planet_king.engine.log import LogEntry
from planet_king.engine.rules_version import RULES_VERSION
from planet_king.fsutil import shown
from planet_king.saves.errors import SaveError
from planet_king.saves.format import SaveData, app_version
from planet_king.saves.read import is_int, parse_text, read_save

# observer(game, k, decision, choice id, number of log entries before the choice)
Observer = Callable[[Game, int, Decision, str, int], None]


def _changed(save: SaveData, content: Content) -> str:
    if save.data_version and save.data_version != content.version:
        return (
            f" — the game data changed since it was saved (data version {save.data_version}, "
            f"now {content.version})"
        )
    if save.app_version and save.app_version != app_version():
        return f" — it was made by planet-king {save.app_version} (this is {app_version()})"
    return " — the file was edited, or the engine changed since it was saved"


def _last_valid(
    expected: tuple[tuple[int, int, str], ...], got: list[tuple[int, int, str]], limit: int
) -> tuple[int | None, tuple[int, int, str] | None]:
    """Index of the first mismatching turn start (or None) and the last matching one."""
    last_ok = None
    for i, exp in enumerate(expected):
        if exp[1] > limit:
            break
        if i >= len(got) or tuple(got[i]) != tuple(exp):
            return i, last_ok
        last_ok = exp
    return None, last_ok


def _new_game(save: SaveData, content: Content, at: resume.ResumePoint | None) -> Game:
    """The save's game at its start, or at ``at``; raise SaveError (one line)."""
    src = save.source
    try:
        if at is None:
            return Game(save.scenario, seed=save.seed, options=save.options, content=content)
        return resume.resume(
            save.scenario, at, seed=save.seed, options=save.options, content=content
        )
    except UnknownScenario:
        known = ", ".join(sorted(content.scenarios))
        raise SaveError(
            f"{src}: unknown scenario '{shown(save.scenario, 60)}' (known: {known})",
            kind="scenario",
        ) from None
    except ScenarioNotPlayable:
        raise SaveError(
            f"{src}: scenario '{save.scenario}' is not playable in this version", kind="scenario"
        ) from None
    except (RuleNotImplemented, EngineError, ValueError) as exc:
        raise SaveError(f"{src}: cannot start the game: {exc}", kind="engine") from None
    except Exception as exc:  # an engine bug: still one line, never a partial load
        raise SaveError(
            f"{src}: cannot start the game: internal error {type(exc).__name__}: {exc}",
            kind="engine",
        ) from None


def _rng(raw: list[Any], src: str) -> tuple[Any, ...]:
    version, internal, gauss = raw
    if not (
        is_int(version)
        and isinstance(internal, list)
        and len(internal) == 625
        and all(is_int(x) and 0 <= x < 2**32 for x in internal)
        and (gauss is None or isinstance(gauss, float))
    ):
        raise SaveError(f"{src}: field 'snapshot.rng' is not a random generator's state")
    return (version, tuple(internal), gauss)


def _log_entry(raw: Any, src: str, i: int) -> LogEntry:
    if not (
        isinstance(raw, list)
        and len(raw) == 5
        and is_int(raw[0])
        and all(isinstance(x, str) for x in raw[1:])
    ):
        raise SaveError(f"{src}: field 'snapshot.log' entry {i + 1} is not a log line")
    return LogEntry(*raw)


def _resume_point(save: SaveData, *, check: bool) -> resume.ResumePoint:
    """The save's snapshot, decoded; ``check``: its digest must be the save's (same
    rules: the state's fields are the same)."""
    src, snap = save.source, save.snapshot
    assert snap is not None
    count = snap["turn_digests"]
    turn, made, digest = save.turn_digests[count - 1]
    if (turn, made) != (snap["turn"], snap["choices"]):
        raise SaveError(
            f"{src}: the snapshot (turn {snap['turn']}, after {snap['choices']} choices) is "
            f"not at the save's turn start {count} (the file was edited or damaged)"
        )
    try:
        state = snapshot.state_from_data(snap["state"], snap.get("stats"))
    except snapshot.SnapshotError as exc:
        raise SaveError(f"{src}: snapshot: {exc}") from None
    if check and snapshot.digest(state) != digest:
        raise SaveError(
            f"{src}: the snapshot does not match the save's digest at the start of turn "
            f"{turn} (the file was edited or damaged)",
            kind="digest",
        )
    return resume.point(
        turn=turn,
        state=state,
        rng=_rng(snap["rng"], src),
        random_draws=snap["random_draws"],
        choices=save.choices[:made],
        log=[_log_entry(e, src, i) for i, e in enumerate(snap["log"])],
        turn_digests=save.turn_digests[:count],
    )


@dataclass(frozen=True, slots=True)
class _Parting:
    """Where a replay stopped before the save's end: choice ``k`` (1-based)."""

    k: int
    choice: str
    turn: int
    phase: str
    why: str
    kind: str  # "illegal" (the choice is not legal there) or "engine" (the rules failed)


def _replay(
    game: Game, save: SaveData, first: int, limit: int, observer: Observer | None
) -> _Parting | None:
    """Take the save's choices ``first + 1`` to ``limit`` (1-based) on ``game``."""
    for k in range(first + 1, limit + 1):
        choice = save.choices[k - 1]
        decision = game.decision
        s = game.state
        log_before = len(game.log_entries)
        try:
            game.choose(choice)
        except IllegalChoice as exc:
            return _Parting(k, choice, s.turn, s.phase or "setup", str(exc), "illegal")
        except Exception as exc:  # not the file's fault: a rule not written yet, or a bug
            what = (
                str(exc)
                if isinstance(exc, RuleNotImplemented | EngineError)
                else f"internal error {type(exc).__name__}: {exc}"
            )
            return _Parting(k, choice, s.turn, s.phase or "setup", what, "engine")
        if observer is not None and decision is not None:
            observer(game, k, decision, choice, log_before)
    return None


def _open_at(save: SaveData, content: Content, at: resume.ResumePoint | None, n: int) -> Game:
    """The save's game after its first ``n`` choices (known to replay)."""
    game = _new_game(save, content, at)
    for choice in save.choices[at.start.choices if at else 0 : n]:
        game.choose(choice)
    return game


def _finish(game: Game, save: SaveData) -> Game:
    game.learning = save.learning
    game.role_names = dict(save.roles) or None
    game.created = save.created
    game.game_id = save.game_id
    if tuple(game.choices) == save.choices:  # nothing new to autosave until a choice
        game.autosaved_choices = save.choices
    return game


def rebuild(
    save: SaveData,
    *,
    content: Content,
    up_to_valid: bool = False,
    stop: int | None = None,
    observer: Observer | None = None,
    verify: bool = True,
) -> Game:
    """Open a save as a Game, played with ``content`` (the game data the caller loaded:
    its command line's ``--data-dir``, resolved once; no default); raise SaveError.

    A save of the current rules version is replayed (from its snapshot if the game was
    itself resumed from one) and checked against its digests. A save of older rules
    resumes from its snapshot and replays the choices since; one made before snapshots
    (format 1) is replayed from the start. Either goes as far as its choices stay legal,
    and ``game.load_notice`` says so in one line.

    ``stop``: replay only the first ``stop`` choices (digests checked up to there).
    ``up_to_valid``: on an illegal choice or a digest mismatch, open the game at the
    last turn start whose digest matches instead of failing.
    ``observer(game, k, decision, choice, log_before)`` is called after choice k
    (1-based) is taken; ``log_before`` is the length of the log just before it.
    ``verify=False``: do not compare the digests (for a save made by another version of
    the program whose choices still replay); illegal choices are still refused.
    """
    src = save.source
    rules = save.rules_version
    if rules is not None and rules > RULES_VERSION:
        raise SaveError(
            f"{src}: saved under rules version {rules}, newer than this planet-king's "
            f"({RULES_VERSION}): please upgrade planet-king",
            kind="version",
        )
    older = rules is None or rules < RULES_VERSION
    at = None
    if save.snapshot is not None and (save.resumed_from is not None or older):
        at = _resume_point(save, check=not older)
    first = at.start.choices if at is not None else 0
    limit = len(save.choices) if stop is None else max(0, min(stop, len(save.choices)))
    if limit < first:
        raise SaveError(
            f"{src}: the save resumes at the start of turn {at.start.turn if at else 0}, "
            f"after {first} choices (played under older rules): it cannot stop at choice {limit}",
            kind="version",
        )
    game = _new_game(save, content, at)
    if older:
        parted = _replay(game, save, first, limit, observer)
        if parted is not None:  # the game may be half way through the failed choice
            game = _open_at(save, content, at, parted.k - 1)
        game.load_notice = _older_notice(save, at, parted)
        return _finish(game, save)

    if verify and not save.turn_digests and save.final_digest is None:
        raise SaveError(
            f"{src}: the save has no digests, so its replay cannot be checked (to open it "
            "anyway: 'planet-king resume --no-verify')",
            kind="digest",
        )
    parted = _replay(game, save, first, limit, observer)
    illegal: SaveError | None = None
    if parted is not None and parted.kind == "illegal":
        illegal = SaveError(
            f"{src}: choice {parted.k} of {len(save.choices)} ('{parted.choice}') is illegal "
            f"at turn {parted.turn}, {parted.phase} phase: {parted.why}",
            kind="illegal",
            position=parted.k,
            turn=parted.turn,
        )
    elif parted is not None:
        illegal = SaveError(
            f"{src}: replaying choice {parted.k} ('{parted.choice}') stops at turn "
            f"{parted.turn}: {parted.why}",
            kind="engine",
            position=parted.k,
            turn=parted.turn,
        )

    reached = len(game.choices)
    to_the_end = illegal is None and reached == len(save.choices)
    expected = save.turn_digests if verify else tuple(tuple(t) for t in game.turn_digests)
    bad, last_ok = _last_valid(expected, game.turn_digests, reached)  # type: ignore[arg-type]
    if bad is None and to_the_end and len(game.turn_digests) > len(expected):
        bad = len(save.turn_digests)  # the replay started a turn the save never reached
    problem: SaveError | None = None
    if bad is not None:
        entries = expected if bad < len(expected) else game.turn_digests
        turn, n, _ = cast(tuple[int, int, str], entries[bad])
        problem = SaveError(
            f"{src}: the replay does not match the save at the start of turn {turn} "
            f"(after {n} choices){_changed(save, content)}",
            kind="digest",
            turn=turn,
        )
    elif illegal is not None:
        problem = illegal
    elif (
        verify
        and to_the_end
        and save.final_digest is not None
        and game.state.digest() != save.final_digest
    ):
        problem = SaveError(
            f"{src}: the replay does not match the save after its last choice (turn "
            f"{game.state.turn}){_changed(save, content)}",
            kind="digest",
            turn=game.state.turn,
        )
    if problem is not None:
        if last_ok is not None and last_ok[1] < first:
            last_ok = None  # before the snapshot the game resumed from: not replayable
        if last_ok is None:
            hint = (
                "; no turn of it matches, so it cannot be opened (if only the program "
                "changed, 'planet-king resume --no-verify' replays its choices unchecked)"
                if problem.kind == "digest"
                else "; no turn of it matches, so it cannot be opened"
            )
            raise SaveError(
                f"{problem}{hint}",
                kind=problem.kind,
                position=problem.position,
                turn=problem.turn,
            )
        problem.valid_turn, problem.valid_choices = last_ok[0], last_ok[1]
        if not up_to_valid:
            raise SaveError(
                f"{problem}; it can still be opened at the start of turn {last_ok[0]}, the last "
                "that matches (load with up_to_valid, or 'planet-king resume --up-to-valid')",
                kind=problem.kind,
                position=problem.position,
                turn=problem.turn,
                valid_turn=last_ok[0],
                valid_choices=last_ok[1],
            )
        game = _open_at(save, content, at, last_ok[1])
    return _finish(game, save)


def _older_notice(
    save: SaveData, at: resume.ResumePoint | None, parted: _Parting | None
) -> str | None:
    """The one line that says how a save of older rules (or format 1) was opened."""
    n = len(save.choices)
    if save.rules_version is None:
        made = f"{save.source}: saved by an older planet-king (save format 1)"
    else:
        made = (
            f"{save.source}: saved under rules version {save.rules_version} (this is rules "
            f"version {RULES_VERSION})"
        )
    if at is not None:
        how = (
            f"{made}: resumed from its snapshot at the start of turn {at.start.turn} (after "
            f"{at.start.choices} of its {n} choices)"
        )
    else:
        how = f"{made}: replayed from the start under the current rules"
    if parted is None:
        if save.rules_version is None and RULES_VERSION == 1:
            return None  # format 1 was written by rules version 1: nothing changed
        return str(SaveError(f"{how}; all its choices replay"))
    return str(
        SaveError(  # one line, control characters escaped, cut if too long
            f"{how}; the replay parts from the save at choice {parted.k} of {n} "
            f"('{parted.choice}', turn {parted.turn}, {parted.phase} phase), "
            f"{'no longer legal' if parted.kind == 'illegal' else 'the rules fail'}: "
            f"{parted.why}; the game resumes before it"
        )
    )


def loads(
    text: str, *, content: Content, up_to_valid: bool = False, source: str = "<save>"
) -> Game:
    """A Game from a save's text (used by the fuzzer for the round trip)."""
    return rebuild(parse_text(text, source=source), content=content, up_to_valid=up_to_valid)


def load_game(
    path: Path, *, content: Content, up_to_valid: bool = False, verify: bool = True
) -> Game:
    """Open a save: read, check, replay, verify the digests. Raises SaveError (one line)."""
    return rebuild(read_save(Path(path)), content=content, up_to_valid=up_to_valid, verify=verify)
