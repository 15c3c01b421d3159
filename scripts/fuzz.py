"""Long-run fuzzing of the engine and the save format (issue 9).

    python scripts/fuzz.py --games 10000 [--seed 1] [--workers 2] [--bots random,greedy]
                           [--scenarios a,b] [--out report.json] [--keep-failures DIR]

Plays bot games over every playable scenario and every mode ``GameOptions`` supports
(found at run time, so new scenarios and options are covered without editing this
file) and checks after every choice:

- treasury 0..12, action cubes >= 0, VP >= 0;
- the Court: at most 4 nobles and 4 geniuses, no notable in two places, no removed
  notable in play, at most one heir (when the state has heirs), the heir a living child;
- counter limits (Military Units: the counter mix of tables.yaml);
- markers on their tracks (war progression markers, exploration, asiento);
- every decision has a legal option, and option ids are unique within it;
- the rules' invariants of ``planet_king.engine.invariants`` (leader windows, cards out
  of the game never drawn, unique actions once a turn, the INSTABILITY count at
  Organisation, campaign costs paid, a HUNTING DAY played only after a Hunt since it
  was last played, no VP for a War of the Palatinate ended on turn 6 or later, no
  government action of the Organisation repeated at End of Turn);
- the state round-trips through the save format: the save written now (JSON text) is
  read back and its choices replayed by a shadow game, which must reach the saved
  digest; the shadow's log must equal the game's log (replay reproduces the log);
- a few times a game, the full loader (``saves.loads``) from scratch, and an undo,
  which must give back the position before the last choice;
- at some sub-menus, Back and then the same choice again, which must give back the
  same position (the saves and the shadow then replay both).

The shadow game advances by the choices read back from each save, so after choice k it
*is* ``Game.replay`` of those k choices — the same check as loading from scratch at
every choice, at linear rather than quadratic cost. Failures are printed with the
scenario, mode, seed and choice number, and written as a save (``--keep-failures``)
that ``planet-king replay`` reproduces. Exit code 1 if any game failed.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import multiprocessing as mp
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

from planet_king import saves
from planet_king.bots import BOTS, make_bot
from planet_king.content.loader import Content, load_content
from planet_king.engine import game as game_module
from planet_king.engine import invariants
from planet_king.engine.decisions import BACK_ID
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.history import counted
from planet_king.engine.rules.modes import DIFFICULTIES
from planet_king.sim import game_seed

MAX_CHOICES_PER_GAME = 50_000


class FuzzFailure(AssertionError):
    pass


# ------------------------------------------------------------------- the modes
def modes() -> list[GameOptions]:
    """Every combination of the options GameOptions supports: the difficulties, each
    boolean on and off, and no optional rule or each known one alone."""
    axes: list[list[tuple[str, Any]]] = []
    for f in dataclasses.fields(GameOptions):
        if f.name == "difficulty":
            axes.append([(f.name, d) for d in DIFFICULTIES])
        elif isinstance(f.default, bool):
            axes.append([(f.name, False), (f.name, True)])
        elif f.name == "optional":
            known = _optional_rules()
            axes.append([(f.name, ())] + [(f.name, (rule,)) for rule in known])
    return [GameOptions(**dict(combo)) for combo in itertools.product(*axes)]


def _optional_rules() -> tuple[str, ...]:
    """The optional rules the engine knows (none before they were written)."""
    try:
        from planet_king.engine.rules import modes as rule_modes

        return tuple(getattr(rule_modes, "OPTIONAL_RULES", ()))
    except ImportError:
        return tuple(getattr(game_module, "OPTIONAL_RULES", ()))


def playable(content: Content) -> list[str]:
    return sorted(s for s, scen in content.scenarios.items() if scen.playable)


# ------------------------------------------------------------------ invariants
def _need(cond: bool, what: str) -> None:
    if not cond:
        raise FuzzFailure(what)


def check_invariants(game: Game) -> None:
    s = game.state
    c = game.content
    _need(0 <= s.treasury <= 12, f"treasury {s.treasury} outside 0..12")
    _need(all(n >= 0 for n in s.cubes.values()), f"negative action cubes {s.cubes}")
    _need(s.vp >= 0, f"VP {s.vp} below zero")
    nobles = [n for n in s.court_nobles if n]
    geniuses = [n for n in s.court_geniuses if n]
    _need(len(nobles) <= 4, f"{len(nobles)} nobles at Court")
    _need(len(geniuses) <= 4, f"{len(geniuses)} geniuses at Court")
    try:
        from planet_king.engine.rules import court

        held = [court.holder(game, p) for p in court.positions(game)]
    except (ImportError, AttributeError):
        held = [*nobles, *geniuses]
    held = [h for h in held if h]
    dup = [h for h, n in Counter(held).items() if n > 1]
    _need(not dup, f"notable in two places: {dup}")
    gone = set(held) & set(s.removed_notables)
    _need(not gone, f"removed notable still in play: {sorted(gone)}")
    # the royal family, when the state has one
    heir = getattr(s, "heir", None)
    children = getattr(s, "children", None)
    if heir is not None and children is not None:
        ids = [getattr(ch, "id", None) for ch in children]
        _need(ids.count(heir) == 1, f"heir {heir} is not exactly one living child")
    heirs = [ch for ch in (children or []) if getattr(ch, "heir", False)]
    _need(len(heirs) <= 1, f"{len(heirs)} heirs")
    # units and counters
    for loc, kinds in s.units.items():
        _need(all(n >= 0 for n in kinds.values()), f"negative units at {loc}: {kinds}")
    for kind, limit in c.tables.unit_counters.items():
        count = s.count_units(kind)
        if kind == "veteran":  # a flipped veteran is the same counter
            count += s.count_units("veteran-flipped")
        _need(count <= limit, f"{count} {kind} counters (the mix has {limit})")
    # markers on their tracks
    for w, ws in s.wars.items():
        war = c.wars[w]
        _need(
            -war.enemy_spaces <= ws.position <= war.spanish_spaces,
            f"war marker {w} at {ws.position} off its track",
        )
    exploration = getattr(s, "exploration", None)
    if exploration is not None:
        track = len(c.tables.exploration_track)
        _need(0 <= exploration <= track, f"exploration marker {exploration} off 0..{track}")
    _need(0 <= s.asiento <= 2, f"asiento {s.asiento}")
    _need(all(v >= 0 for v in s.indies_ducats.values()), "negative ducats in the Indies")
    _need(all(v >= 0 for v in s.fortifications.values()), "negative fortification")
    # the decision
    d = game.decision
    if d is not None:
        _need(bool(d.legal_ids), f"decision without a legal option: {d.prompt}")
        ids = [o.id for o in d.options]
        _need(len(ids) == len(set(ids)), f"duplicate option ids in '{d.prompt}': {ids}")
    else:
        _need(s.over, "no decision but the game is not over")


# -------------------------------------------------------------------- one game
def _state_change(before: Game, after: Game) -> str:
    """What differs between two states (the shadow is at the position before)."""
    a, b = dataclasses.asdict(before.state), dataclasses.asdict(after.state)
    out = []
    for key in a:
        if key == "stats" or a[key] == b[key]:
            continue
        x, y = a[key], b[key]
        if isinstance(x, dict) and isinstance(y, dict):
            for sub in sorted(set(x) | set(y), key=str):
                if x.get(sub, "missing") != y.get(sub, "missing"):
                    out.append(
                        f"{key}[{sub!r}]: {x.get(sub, 'missing')!r:.60} -> "
                        f"{y.get(sub, 'missing')!r:.60}"
                    )
        else:
            out.append(f"{key}: {x!r:.60} -> {y!r:.60}")
    return "; ".join(out[:3]) or "?"


def fuzz_one(
    scenario: str,
    options: GameOptions,
    seed: int,
    bot_name: str,
    content: Content,
    *,
    undo_rate: float = 0.03,
) -> dict[str, Any]:
    """One game, checked after every choice; ``undo_rate``: the share of choices
    after which an undo is tried."""
    game = Game(scenario, seed=seed, options=options, content=content)
    bot = make_bot(bot_name, seed ^ 0x5EED)
    shadow = Game(scenario, seed=seed, options=options, content=content)
    rng = random.Random(seed ^ 0xF022)  # where to do the full load and the undo
    full_loads = undos = backs = 0
    watch_bot = bot_name != "random"  # the random bot reads only the legal option ids
    digests_before: list[str] = []
    digest = game.state.digest()
    check_invariants(game)
    watch = invariants.Watch()  # the rules' invariants (planet_king.engine.invariants)
    while game.decision is not None:
        if len(game.choices) >= MAX_CHOICES_PER_GAME:
            raise FuzzFailure(f"more than {MAX_CHOICES_PER_GAME} choices: an endless game?")
        d = game.decision
        if d.back is not None and rng.random() < 0.1:  # a sub-menu's Back, then on again
            redo = counted(game.choices)[-1]
            game.choose(BACK_ID)
            _need(
                game.decision is not None and game.decision.takes(redo),
                f"choice {len(game.choices)}: Back did not return to the menu of '{redo}'",
            )
            game.choose(redo)
            _need(
                game.state.digest() == digest and game.decision == d,
                f"choice {len(game.choices)}: Back and '{redo}' again is not the same position",
            )
            backs += 1
        digests_before.append(digest)
        choice = bot.choose(game)
        if watch_bot and game.state.digest() != digest:
            raise FuzzFailure(
                f"choice {len(game.choices) + 1}: the bot changed the game state while "
                f"choosing ({_state_change(shadow, game)}): a reader outside the rules "
                "mutates the state, so saves made from this game do not verify"
            )
        game.choose(choice)
        digest = game.state.digest()
        k = len(game.choices)
        check_invariants(game)
        broken = invariants.check(game, watch)
        _need(not broken, f"choice {k}: {'; '.join(broken)}")

        # the state round-trips through the save format
        text = saves.dumps(game, state_digest=digest)
        data = saves.parse_text(text, source=f"choice {k}")
        _need(data.choices == tuple(game.choices), f"choice {k}: the choices do not round-trip")
        _need(data.options == options and data.seed == seed, "options or seed do not round-trip")
        for c in data.choices[len(shadow.choices) :]:
            shadow.choose(c)
        _need(shadow.state.digest() == data.final_digest, f"choice {k}: replay digest differs")
        _need(
            [tuple(t) for t in shadow.turn_digests] == list(data.turn_digests),
            f"choice {k}: turn-start digests differ",
        )
        _need(
            len(shadow.log_entries) == len(game.log_entries)
            and shadow.log_entries[-5:] == game.log_entries[-5:],
            f"choice {k}: replay does not reproduce the log",
        )
        _need(shadow.random_draws == game.random_draws, f"choice {k}: draws differ")

        if rng.random() < 0.03:  # the real loader, from scratch
            loaded = saves.loads(text, content=content)
            _need(loaded.state.digest() == digest, f"choice {k}: load differs")
            full_loads += 1
        if rng.random() < undo_rate:  # undo: refused across a draw in sight unless learning
            strict = game.can_undo()
            crossed = game.seen_draws != game._trace.seen_before_choice[-1]
            _need((strict is None) != crossed, f"choice {k}: undo policy wrong ({strict})")
            back = game.undo(learning=crossed)
            _need(back.state.digest() == digests_before[-1], f"choice {k}: undo differs")
            _need(back.learning == (game.learning or crossed), "learning mark wrong")
            undos += 1
    _need(shadow.log_text() == game.log_text(), "replay does not reproduce the whole log")
    loaded = saves.loads(saves.dumps(game), content=content)
    _need(loaded.log_text() == game.log_text(), "the loaded save does not reproduce the log")
    return {
        "choices": len(game.choices),
        "level": game.state.victory_level,
        "full_loads": full_loads + 1,
        "undos": undos,
        "backs": backs,
    }


# ----------------------------------------------------------------------- runs
def valid_pairs(content: Content, scenarios: list[str]) -> list[tuple[str, int]]:
    """(scenario, mode index) for every mode the game accepts for that scenario (some
    combinations are refused by the rules, e.g. War-Only with co-op)."""
    pairs = []
    for mode, options in enumerate(modes()):
        for scenario in scenarios:
            try:
                Game(scenario, seed=0, options=options, content=content)
            except ValueError:  # ScenarioNotPlayable, a refused combination of options
                continue
            pairs.append((scenario, mode))
    return pairs


def _jobs(n: int, master: int, pairs: list[tuple[str, int]], bots: list[str]) -> list[tuple]:
    """Game i: the scenario varies fastest, then the bot, then the mode."""
    combos = [(scen, mode, bot) for (scen, mode) in pairs for bot in bots]
    combos.sort(key=lambda c: (c[1], c[2]))  # stable: scenarios stay interleaved
    jobs = []
    for i in range(n):
        scen, mode, bot = combos[i % len(combos)]
        jobs.append((i, scen, mode, bot, game_seed(master, i)))
    return jobs


_CONTENT: Content | None = None


def _work(job: tuple) -> dict[str, Any]:
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load_content()
    i, scenario, mode, bot, seed = job
    options = modes()[mode]
    start = time.perf_counter()
    result: dict[str, Any] = {"i": i, "scenario": scenario, "mode": mode, "bot": bot}
    result["seed"] = seed
    try:
        result.update(fuzz_one(scenario, options, seed, bot, _CONTENT))
        result["ok"] = True
    except Exception as exc:
        result["ok"] = False
        result["error"] = f"{type(exc).__name__}: {exc}"
        result["traceback"] = traceback.format_exc(limit=6)
    result["s"] = time.perf_counter() - start
    return result


def _keep(result: dict[str, Any], folder: Path) -> str | None:
    """Write the failing game (up to its failure) as a save for `planet-king replay`."""
    content = _CONTENT or load_content()
    options = modes()[result["mode"]]
    game = Game(result["scenario"], seed=result["seed"], options=options, content=content)
    bot = make_bot(result["bot"], result["seed"] ^ 0x5EED)
    try:
        while game.decision is not None:
            game.choose(bot.choose(game))
    except Exception:
        pass
    name = f"fuzz-{result['scenario']}-{result['seed']}"
    try:
        return str(saves.save_game(game, name, saves_dir=folder, overwrite=True))
    except saves.SaveError as exc:
        return str(exc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1, help="master seed")
    parser.add_argument("--workers", type=int, default=mp.cpu_count())
    parser.add_argument(
        "--bots", default=",".join(b for b in ("random", "greedy", "expert") if b in BOTS)
    )
    parser.add_argument("--scenarios", default="", help="default: every playable scenario")
    parser.add_argument("--out", type=Path, help="write a JSON report here")
    parser.add_argument("--keep-failures", type=Path, help="write failing games as saves here")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument(
        "--rerun", type=Path, help="play again the failures listed in a report (--out)"
    )
    parser.add_argument(
        "--hostile",
        action="store_true",
        help="run the hostile pass instead (scripts/hostile.py: bad saves, bad data "
        "folders, hostile text input, kill -9 during autosave)",
    )
    args = parser.parse_args(argv)
    if args.hostile:
        import hostile  # scripts/hostile.py, beside this file

        return hostile.run(seed=args.seed, out=args.out)
    if args.rerun:
        return _rerun(args.rerun, args.keep_failures)

    content = load_content()
    scenarios = [s for s in args.scenarios.split(",") if s] or playable(content)
    bots = [b for b in args.bots.split(",") if b]
    for b in bots:
        if b not in BOTS:
            parser.error(f"unknown bot '{b}' (known: {', '.join(sorted(BOTS))})")
    pairs = valid_pairs(content, scenarios)
    jobs = _jobs(args.games, args.seed, pairs, bots)
    print(
        f"fuzz: {args.games} games, scenarios {', '.join(scenarios)}, {len(modes())} modes "
        f"({len(pairs)} valid scenario-mode pairs), "
        f"bots {', '.join(bots)}, seed {args.seed}, {args.workers} workers; "
        f"data version {content.version}",
        flush=True,
    )
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    failures: list[dict[str, Any]] = []
    step = max(1, args.games // 20)
    if args.workers > 1:
        with mp.Pool(args.workers) as pool:
            stream = pool.imap_unordered(_work, jobs, chunksize=8)
            for r in stream:
                results.append(r)
                _report_progress(r, results, failures, step, start, args)
    else:
        for job in jobs:
            r = _work(job)
            results.append(r)
            _report_progress(r, results, failures, step, start, args)
    elapsed = time.perf_counter() - start

    by = Counter((r["scenario"], r["bot"]) for r in results)
    choices = sum(r.get("choices", 0) for r in results)
    print(
        f"fuzz: {len(results)} games, {len(failures)} failed, {choices} choices checked, "
        f"{sum(r.get('full_loads', 0) for r in results)} full loads, "
        f"{sum(r.get('undos', 0) for r in results)} undos, "
        f"{sum(r.get('backs', 0) for r in results)} Backs, {elapsed:.1f} s"
    )
    for (scen, bot), n in sorted(by.items()):
        levels = Counter(
            r.get("level", "FAILED") for r in results if (r["scenario"], r["bot"]) == (scen, bot)
        )
        ends = ", ".join(f"{level} {count}" for level, count in sorted(levels.items()))
        print(f"  {scen:18} {bot:7} {n:6} games  {ends}")
    if failures and args.keep_failures:
        for f in failures[:50]:
            f["save"] = _keep(f, args.keep_failures)
    if args.out:
        report = {
            "games": len(results),
            "failed": len(failures),
            "choices": choices,
            "elapsed_s": round(elapsed, 1),
            "seed": args.seed,
            "scenarios": scenarios,
            "modes": [m.to_dict() for m in modes()],
            "bots": bots,
            "data_version": content.version,
            "failures": failures[:200],
        }
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if failures else 0


def _rerun(report: Path, keep: Path | None) -> int:
    """Play again each failure of a report: does it still fail, and how?"""
    failed = 0
    for f in json.loads(report.read_text(encoding="utf-8"))["failures"]:
        job = (f["i"], f["scenario"], f["mode"], f["bot"], f["seed"])
        r = _work(job)
        failed += not r["ok"]
        state = "passes now" if r["ok"] else f"still fails: {r['error']}"
        print(
            f"#{f['i']} {f['scenario']} mode {modes()[f['mode']].to_dict()} bot {f['bot']} "
            f"seed {f['seed']}: {state}"
        )
        if keep and not r["ok"]:
            print(f"  save: {_keep(r, keep)}")
    return 1 if failed else 0


def _report_progress(r, results, failures, step, start, args) -> None:
    if not r["ok"]:
        failures.append(r)
        if len(failures) <= 20:
            print(
                f"FAIL #{r['i']} {r['scenario']} mode {modes()[r['mode']].to_dict()} bot "
                f"{r['bot']} seed {r['seed']}: {r['error']}",
                flush=True,
            )
            if not args.quiet:
                print(r["traceback"], flush=True)
    if len(results) % step == 0 and not args.quiet:
        rate = len(results) / (time.perf_counter() - start)
        print(f"  {len(results)} games, {len(failures)} failed, {rate:.1f} games/s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
