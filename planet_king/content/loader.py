"""Load and cross-check the YAML game data.

The data folder is found beside the installed package (``planet_king/_data`` inside a
wheel) or at the repository's top-level ``data/`` (editable install, source tree).
Any problem is raised as a ``DataError`` whose message names the file, the entry and
the field, in one line.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from planet_king.content import ids
from planet_king.content.models import (
    BattleNames,
    EnemyLeader,
    EventCard,
    Genius,
    Lady,
    Memorial,
    Noble,
    Power,
    Scenario,
    Tables,
    Territory,
    War,
)

M = TypeVar("M", bound=BaseModel)


class DataError(Exception):
    """A data file is missing, malformed, or refers to something that does not exist."""


def default_data_dir() -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_data", here.parent / "data"):
        if (candidate / "events.yaml").is_file():
            return candidate
    raise DataError(f"game data not found (looked in {here / '_data'} and {here.parent / 'data'})")


@dataclass(frozen=True)
class Content:
    """Everything the game knows about its cards, map and scenarios."""

    data_dir: Path
    version: str
    events: dict[str, EventCard]
    nobles: dict[str, Noble]
    ladies: dict[str, Lady]
    geniuses: dict[str, Genius]
    memorials: dict[str, Memorial]
    leaders: dict[str, EnemyLeader]
    powers: dict[str, Power]
    wars: dict[str, War]
    territories: dict[str, Territory]
    tables: Tables
    battle_names: BattleNames
    scenarios: dict[str, Scenario]
    notables: dict[str, Noble | Lady | Genius] = field(default_factory=dict)

    def name(self, card_id: str) -> str:
        for table in (self.events, self.notables, self.leaders, self.wars, self.territories):
            if card_id in table:
                return table[card_id].name
        return card_id


# libyaml's safe loader where PyYAML was built with it (several times faster), else the
# pure-Python one: both build plain data only (the safe schema of yaml.safe_load).
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str) -> Any:
    """``yaml.safe_load``, with the fastest safe loader at hand."""
    loader = SAFE_LOADER(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def _read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: file is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot be read ({exc})") from None
    try:
        return parse_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{path}: not valid YAML{where}") from None


def _describe(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"]) or "(entry)"
    return f"field '{loc}': {err['msg']}"


def _parse_one(path: Path, raw: Any, model: type[M], label: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{path}: {label}, {_describe(exc)}") from None


def _parse_list(path: Path, raw: Any, model: type[M]) -> dict[str, M]:
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise DataError(f"{path}: expected a list of entries, found {type(raw).__name__}")
    out: dict[str, M] = {}
    for i, entry in enumerate(raw):
        ident = entry.get("id") if isinstance(entry, dict) else None
        label = f"entry '{ident}' (#{i + 1})" if ident else f"entry #{i + 1}"
        item = _parse_one(path, entry, model, label)
        key = item.id  # type: ignore[attr-defined]
        if key in out:
            raise DataError(f"{path}: {label}, field 'id': duplicate id '{key}'")
        out[key] = item
    return out


def _section(path: Path, raw: Any, key: str) -> Any:
    if not isinstance(raw, dict) or key not in raw:
        raise DataError(f"{path}: missing top-level section '{key}'")
    return raw[key]


def _check_refs(
    path: Path, owner: str, field_name: str, refs: Iterable[str | None], known: Iterable[str]
) -> None:
    known_set = set(known)
    for ref in refs:
        if ref is not None and ref not in known_set:
            raise DataError(f"{path}: {owner}, field '{field_name}': unknown id '{ref}'")


REMOVED_WHEN_VERBS = ("won", "lost", "ended")


def _check_removed_when(path: Path, ident: str, key: str, wars: Iterable[str]) -> None:
    """Red-text condition keys have the form ``<won|lost|ended>:<war id>``."""
    verb, _, war = key.partition(":")
    if verb not in REMOVED_WHEN_VERBS or war not in set(wars):
        raise DataError(
            f"{path}: entry '{ident}', field 'removed_when': unknown condition '{key}' "
            f"(expected one of {', '.join(REMOVED_WHEN_VERBS)} followed by ':<war id>')"
        )


def _check_leader_counter(path: Path, noble: Noble) -> None:
    """Only nobles with a military rating of 1 or more (or '?') have a leader counter, whose
    strategy equals the military rating (Tokens / Military Leaders)."""
    commands = noble.military == "?" or int(noble.military) >= 1
    owner = f"entry '{noble.id}'"
    if commands and noble.leader is None:
        raise DataError(
            f"{path}: {owner}, field 'leader': military {noble.military} needs a counter"
        )
    if not commands and noble.leader is not None:
        raise DataError(f"{path}: {owner}, field 'leader': military 0 cannot have a counter")
    if noble.leader is None:
        return
    if noble.leader.strategy != noble.military:
        raise DataError(
            f"{path}: {owner}, field 'leader.strategy': {noble.leader.strategy} differs from "
            f"military {noble.military}"
        )
    for trait in ("tactician", "admiral"):
        if getattr(noble.leader, trait) != (trait in noble.traits):
            raise DataError(
                f"{path}: {owner}, field 'leader.{trait}': counter and card traits disagree"
            )


def _data_version(data_dir: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(data_dir.rglob("*.yaml")):
        digest.update(path.relative_to(data_dir).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def load_content(data_dir: Path | None = None) -> Content:
    """Load the data folder (cached per folder)."""
    return _load_cached(Path(data_dir).resolve() if data_dir else default_data_dir())


@lru_cache(maxsize=4)
def _load_cached(data_dir: Path) -> Content:
    if not data_dir.is_dir():
        raise DataError(f"{data_dir}: data folder not found")
    names = ("events", "nobles", "ladies", "geniuses", "memorials", "leaders", "map", "tables")
    f = {name: data_dir / f"{name}.yaml" for name in (*names, "battle_names")}
    events = _parse_list(f["events"], _read_yaml(f["events"]), EventCard)
    nobles = _parse_list(f["nobles"], _read_yaml(f["nobles"]), Noble)
    ladies = _parse_list(f["ladies"], _read_yaml(f["ladies"]), Lady)
    geniuses = _parse_list(f["geniuses"], _read_yaml(f["geniuses"]), Genius)
    memorials = _parse_list(f["memorials"], _read_yaml(f["memorials"]), Memorial)
    leaders = _parse_list(f["leaders"], _read_yaml(f["leaders"]), EnemyLeader)
    map_raw = _read_yaml(f["map"])
    powers = _parse_list(f["map"], _section(f["map"], map_raw, "powers"), Power)
    wars = _parse_list(f["map"], _section(f["map"], map_raw, "wars"), War)
    territories = _parse_list(f["map"], _section(f["map"], map_raw, "territories"), Territory)
    tables = _parse_one(f["tables"], _read_yaml(f["tables"]), Tables, "tables")
    battle_names = _parse_one(
        f["battle_names"], _read_yaml(f["battle_names"]), BattleNames, "battle names"
    )
    scenarios: dict[str, Scenario] = {}
    scen_dir = data_dir / "scenarios"
    for path in sorted(scen_dir.glob("*.yaml")):
        raw = _read_yaml(path)
        ident = raw.get("id") if isinstance(raw, dict) else None
        scen = _parse_one(path, raw, Scenario, f"scenario '{ident or path.stem}'")
        scenarios[scen.id] = scen

    notables: dict[str, Noble | Lady | Genius] = {}
    for table, path in ((nobles, f["nobles"]), (ladies, f["ladies"]), (geniuses, f["geniuses"])):
        for key, card in table.items():
            if key in notables or key in events:
                raise DataError(f"{path}: entry '{key}', field 'id': id used twice across files")
            notables[key] = card

    # Cross-file references.
    locations = set(territories) | set(wars)
    for card in events.values():
        owner = f"entry '{card.id}'"
        _check_refs(f["events"], owner, "removes", card.removes, events)
        if "war" in card.params:
            _check_refs(f["events"], owner, "params.war", [str(card.params["war"])], wars)
        if "power" in card.params:
            _check_refs(f["events"], owner, "params.power", [str(card.params["power"])], powers)
    for card in events.values():
        if card.removed_when is not None:
            _check_removed_when(f["events"], card.id, card.removed_when, wars)
    for noble in nobles.values():
        _check_refs(f["nobles"], f"entry '{noble.id}'", "son", [noble.son], nobles)
        _check_leader_counter(f["nobles"], noble)
    for leader in leaders.values():
        _check_refs(
            f["leaders"], f"entry '{leader.id}'", "powers", leader.powers, set(powers) | set(wars)
        )
    for war in wars.values():
        _check_refs(f["map"], f"war '{war.id}'", "power", [war.power], powers)
        _check_refs(f["map"], f"war '{war.id}'", "adjacent", war.adjacent, locations)
    for terr in territories.values():
        _check_refs(f["map"], f"territory '{terr.id}'", "adjacent", terr.adjacent, locations)
    for scen in scenarios.values():
        path = scen_dir / f"{scen.id}.yaml"
        owner = f"scenario '{scen.id}'"
        _check_refs(path, owner, "valido", [scen.valido], nobles)
        _check_refs(path, owner, "queen", [scen.queen], ladies)
        _check_refs(path, owner, "offices", scen.offices.values(), nobles)
        _check_refs(path, owner, "court_nobles", scen.court_nobles, nobles)
        _check_refs(path, owner, "court_geniuses", scen.court_geniuses, geniuses)
        _check_refs(path, owner, "court_painter", [scen.court_painter], geniuses)
        _check_refs(path, owner, "mistress_choices", scen.mistress_choices, ladies)
        _check_refs(path, owner, "set_aside_nobles", scen.set_aside_nobles, nobles)
        _check_refs(path, owner, "random_commands", scen.random_commands, wars)
        if scen.queen is not None and ladies[scen.queen].prestige < 0:
            raise DataError(
                f"{path}: {owner}, field 'queen': '{scen.queen}' has negative prestige "
                "(a Queen needs prestige 0 or more)"
            )
        for lady_id in scen.mistress_choices:
            if ladies[lady_id].prestige > 0:
                raise DataError(
                    f"{path}: {owner}, field 'mistress_choices': '{lady_id}' has positive "
                    "prestige (a Royal Mistress needs prestige 0 or less)"
                )
        _check_refs(path, owner, "eliminated", scen.eliminated, notables)
        _check_refs(path, owner, "noble_deck", scen.noble_deck or [], nobles)
        _check_refs(path, owner, "event_deck", scen.event_deck or [], events)
        _check_refs(path, owner, "enemy_leaders", scen.enemy_leaders or [], leaders)
        _check_refs(path, owner, "opening_event", [scen.opening_event], events)
        _check_refs(path, owner, "units", scen.units.keys(), locations | {"plus-ultra"})
        _check_refs(path, owner, "ended_wars", scen.ended_wars, wars)
        for ws in scen.wars:
            _check_refs(path, owner, "wars.war", [ws.war], wars)
            _check_refs(path, owner, "wars.leader", [ws.leader], nobles)
            _check_refs(path, owner, "wars.enemy_leader", [ws.enemy_leader], leaders)

    content = Content(
        data_dir=data_dir,
        version=_data_version(data_dir),
        events=events,
        nobles=nobles,
        ladies=ladies,
        geniuses=geniuses,
        memorials=memorials,
        leaders=leaders,
        powers=powers,
        wars=wars,
        territories=territories,
        tables=tables,
        battle_names=battle_names,
        scenarios=scenarios,
        notables=notables,
    )
    missing = ids.unknown(content)
    if missing:
        raise DataError(f"{data_dir}: rule code names ids the data lacks: {'; '.join(missing)}")
    return content
