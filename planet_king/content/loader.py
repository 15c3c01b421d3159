"""Load and cross-check the YAML game data.

The data folder is found beside the installed package (``planet_king/_data`` inside a
wheel) or at the repository's top-level ``data/`` (editable install, source tree).
Any problem is raised as a ``DataError`` whose message names the file, the entry and
the field, in one line.

A data folder may be hostile (``--data-dir``): everything a game can need is checked
here, before a game starts (issue 15). Files are read only when they are regular files
under a size cap; YAML aliases, duplicate keys, over-long integers and control
characters are refused before anything is built; values shown in a message are cut.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from planet_king.content import ids
from planet_king.content.effects import EFFECTS, ParamTypes
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
from planet_king.fsutil import describe_os_error, read_regular, shown

M = TypeVar("M", bound=BaseModel)


class DataError(Exception):
    """A data file is missing, malformed, or refers to something that does not exist.
    ``str()`` is one line, control characters escaped, at most MAX_MESSAGE characters."""

    MAX_MESSAGE = 600

    def __init__(self, message: str) -> None:
        text = shown(" ".join(str(message).split()), self.MAX_MESSAGE)
        super().__init__(text)


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

    @cached_property
    def traits(self) -> dict[str, tuple[str, ...]]:
        """Each notable's traits (a genius has none), made once: the rules ask them at
        every choice, and a genius card has no ``traits`` to read."""
        return {nid: tuple(getattr(card, "traits", ())) for nid, card in self.notables.items()}

    @cached_property
    def display_names(self) -> dict[str, str]:
        """What ``Game.name`` shows for an id: a power's name, else ``name``'s, made once
        (a game asks a thousand names)."""
        names: dict[str, str] = {}
        for table in (self.territories, self.wars, self.leaders, self.notables, self.events):
            names.update((k, v.name) for k, v in table.items())  # the later table wins
        names.update((k, v.name) for k, v in self.powers.items())
        return names


# libyaml's safe loader where PyYAML was built with it (several times faster), else the
# pure-Python one: both build plain data only (the safe schema of yaml.safe_load).
SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


MAX_DATA_BYTES = 1024 * 1024  # per file; the largest shipped file is some 35 kB
MAX_INT_DIGITS = 9  # no figure in the game needs more
_INT_TAG = "tag:yaml.org,2002:int"
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class YamlRefused(ValueError):
    """A YAML construct game data may not use (one line, with its line number)."""


def _line(node: yaml.Node) -> str:
    return f"line {node.start_mark.line + 1}"


def _check_nodes(root: yaml.Node) -> None:
    """Refuse, before anything is built: aliases (a node met twice: "billion laughs"
    would expand to gigabytes), a key given twice in one mapping, integers longer
    than MAX_INT_DIGITS, and control characters in text (they would reach the
    terminal). The message names the line and the field (the key above the value)."""
    seen: set[int] = set()
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    while stack:
        node, key_name = stack.pop()
        where = f"{_line(node)}, field '{key_name}'" if key_name else _line(node)
        if id(node) in seen:
            raise YamlRefused(f"{where}: a YAML alias (*name), not allowed in game data")
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            value = node.value
            if node.tag == _INT_TAG and len(value.lstrip("+-0")) > MAX_INT_DIGITS:
                raise YamlRefused(
                    f"{where}: an integer of {len(value)} digits (at most {MAX_INT_DIGITS})"
                )
            if _CONTROLS.search(value):
                raise YamlRefused(f"{where}: a control character in '{shown(value, 40)}'")
        elif isinstance(node, yaml.MappingNode):
            keys: set[str] = set()
            for key, value in node.value:
                name = shown(key.value, 40) if isinstance(key, yaml.ScalarNode) else ""
                if isinstance(key, yaml.ScalarNode):
                    if key.value in keys:
                        raise YamlRefused(f"{_line(key)}, field '{name}': given twice")
                    keys.add(key.value)
                stack.extend(((key, key_name), (value, name or key_name)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, key_name) for item in node.value)


def parse_yaml(text: str) -> Any:
    """``yaml.safe_load`` with the fastest safe loader at hand, refusing what game
    data may not hold (``_check_nodes``): raises YamlRefused or yaml.YAMLError."""
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _read_bytes(path: Path) -> bytes:
    """A data file's bytes: a regular file under MAX_DATA_BYTES, else DataError."""
    try:
        data = read_regular(path, MAX_DATA_BYTES)
    except FileNotFoundError:
        raise DataError(f"{path}: file is missing") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({describe_os_error(exc)})") from None
    if len(data) > MAX_DATA_BYTES:
        raise DataError(f"{path}: file too large (a data file is at most {MAX_DATA_BYTES} bytes)")
    return data


def _read_yaml(path: Path) -> Any:
    try:
        text = _read_bytes(path).decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(f"{path}: cannot be read (not UTF-8 text)") from None
    try:
        return parse_yaml(text)
    except YamlRefused as exc:
        raise DataError(f"{path}: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{path}: not valid YAML{where}") from None
    except (ValueError, RecursionError) as exc:  # e.g. a date or a float out of range
        raise DataError(f"{path}: not valid data ({shown(str(exc), 80)})") from None


def read_model(path: Path, model: type[M]) -> M:
    """One data file read safely and validated as ``model``: a DataError naming the file
    and the first field at fault, never a traceback."""
    raw = _read_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{path}: {_describe(exc)}") from None


def _describe(exc: ValidationError) -> str:
    err = exc.errors(include_input=False, include_url=False)[0]
    loc = ".".join(shown(p, 40) for p in err["loc"]) or "(entry)"
    return f"field '{loc}': {shown(err['msg'], 200)}"


def _parse_one(path: Path, raw: Any, model: type[M], label: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{path}: {label}, {_describe(exc)}") from None


def _parse_list(path: Path, raw: Any, model: type[M]) -> dict[str, M]:
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise DataError(f"{path}: expected a list of entries, found {shown(raw, 40)}")
    out: dict[str, M] = {}
    for i, entry in enumerate(raw):
        ident = entry.get("id") if isinstance(entry, dict) else None
        label = f"entry '{shown(ident, 60)}' (#{i + 1})" if ident else f"entry #{i + 1}"
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
            raise DataError(f"{path}: {owner}, field '{field_name}': unknown id '{shown(ref, 60)}'")


def _check_effects(path: Path, events: dict[str, EventCard]) -> None:
    """Every card's ``effect`` names rule code that exists (else the game would stop
    with "not implemented" the first time the card is drawn)."""
    for card in events.values():
        params = EFFECTS.get(card.effect)
        if params is None:
            raise DataError(
                f"{path}: entry '{card.id}', field 'effect': unknown effect "
                f"'{shown(card.effect, 60)}' (no rule code has that name)"
            )
        _check_params(path, card, params.needs, params.may)


def _check_params(path: Path, card: EventCard, needs: ParamTypes, may: ParamTypes) -> None:
    """The card gives every parameter its effect needs, only those its effect reads, each
    of the type the effect reads (a parameter nobody reads would silently do nothing)."""
    owner = f"{path}: entry '{card.id}'"
    for key in needs:
        if key not in card.params:
            raise DataError(f"{owner}, field 'params.{key}': missing (effect '{card.effect}')")
    known = {**needs, **may}
    for key, value in card.params.items():
        kind = known.get(key)
        if kind is None:
            reads = ", ".join(known) or "none"
            raise DataError(
                f"{owner}, field 'params.{shown(key, 40)}': effect '{card.effect}' does not "
                f"read it (it reads: {reads})"
            )
        if type(value) is not kind:  # exact: a bool is no count
            raise DataError(
                f"{owner}, field 'params.{key}': expected {kind.__name__}, "
                f"got {shown(repr(value), 40)}"
            )


def _twice(values: Iterable[str]) -> str | None:
    counts = Counter(values)
    return next((v for v, n in counts.items() if n > 1), None)


def _check_scenario_places(path: Path, owner: str, scen: Scenario) -> None:
    """No list names a card twice, and no notable starts in two places (the Valido,
    an office, the Court, an army, eliminated, the Queen, a mistress to choose, the
    fixed noble deck): a card is in one place at a time."""
    lists: dict[str, list[str]] = {
        "court_nobles": scen.court_nobles,
        "court_geniuses": scen.court_geniuses,
        "mistress_choices": scen.mistress_choices,
        "set_aside_nobles": scen.set_aside_nobles,
        "eliminated": scen.eliminated,
        "noble_deck": scen.noble_deck or [],
        "event_deck": scen.event_deck or [],
        "enemy_leaders": scen.enemy_leaders or [],
        "random_offices": list(scen.random_offices),
        "random_commands": scen.random_commands,
        "ended_wars": scen.ended_wars,
        "wars": [ws.war for ws in scen.wars],
    }
    for name, values in lists.items():
        dup = _twice(values)
        if dup is not None:
            raise DataError(f"{path}: {owner}, field '{name}': '{dup}' listed twice")
    places: dict[str, str] = {}

    def place(card: str | None, where: str) -> None:
        if card is None:
            return
        if card in places:
            raise DataError(
                f"{path}: {owner}, field '{where}': '{card}' is in two places "
                f"({places[card]} and {where})"
            )
        places[card] = where

    place(scen.valido, "valido")
    place(scen.queen, "queen")
    for office, noble in scen.offices.items():
        place(noble, f"offices.{office}")
    # (set_aside_nobles only keeps cards out of the random draw: not a place)
    for name in ("court_nobles", "court_geniuses", "mistress_choices", "eliminated", "noble_deck"):
        for card in lists[name]:
            place(card, name)
    for ws in scen.wars:
        place(ws.leader, f"wars.{ws.war}.leader")
    if scen.court_painter is not None and scen.court_painter not in scen.court_geniuses:
        raise DataError(
            f"{path}: {owner}, field 'court_painter': '{scen.court_painter}' is not one of "
            "the court_geniuses"
        )


def _check_scenario_decks(
    path: Path, owner: str, scen: Scenario, events: dict[str, EventCard]
) -> None:
    """A fixed event deck is not empty; a deck built by turns has cards for the first
    turn (a game draws an event card at once)."""
    if scen.event_deck is not None and not scen.event_deck:
        raise DataError(f"{path}: {owner}, field 'event_deck': the fixed event deck is empty")
    if scen.event_deck is None and not any(
        c.turns.condition is None and c.turns.open_on(scen.first_turn) for c in events.values()
    ):
        raise DataError(
            f"{path}: {owner}, field 'first_turn': no event card is in play on turn "
            f"{scen.first_turn} (the event deck would be empty)"
        )


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


WORDS_ONLY = ("tutorial",)  # data folders no rule, bot or model reads: the tutorial's texts


def _data_version(data_dir: Path) -> str:
    """A hash of the data the game plays. The tutorial's words are left out: rewording
    them changed the version, and with it the key of the evaluator's model, the check of
    simulation workers and the data version of saves, though no game plays differently."""
    digest = hashlib.sha256()
    for path in sorted(data_dir.rglob("*.yaml")):
        if path.relative_to(data_dir).parts[0] in WORDS_ONLY:
            continue
        digest.update(path.relative_to(data_dir).as_posix().encode())
        digest.update(_read_bytes(path))
    return digest.hexdigest()[:16]


def load_content(data_dir: Path | None = None) -> Content:
    """Load the data folder (cached per folder)."""
    if not data_dir:
        return _load_cached(default_data_dir())
    try:
        folder = Path(data_dir).resolve()
        is_dir = folder.is_dir()
    except (OSError, ValueError) as exc:  # a path too long to look up, a NUL in it
        why = describe_os_error(exc) if isinstance(exc, OSError) else "not a path"
        raise DataError(f"{shown(str(data_dir), 200)}: data folder not found ({why})") from None
    if not is_dir:
        raise DataError(f"{shown(str(folder), 200)}: data folder not found")
    return _load_cached(folder)


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
    scenario_files: dict[str, Path] = {}
    scen_dir = data_dir / "scenarios"
    for path in sorted(scen_dir.glob("*.yaml")):
        raw = _read_yaml(path)
        ident = raw.get("id") if isinstance(raw, dict) else None
        scen = _parse_one(path, raw, Scenario, f"scenario '{shown(ident or path.stem, 60)}'")
        if scen.id in scenarios:
            raise DataError(
                f"{path}: scenario '{scen.id}', field 'id': the id of "
                f"{scenario_files[scen.id].name} too (one scenario, one id)"
            )
        scenarios[scen.id] = scen
        scenario_files[scen.id] = path
    if not events:
        raise DataError(f"{f['events']}: no event cards (a game draws them every phase)")
    _check_effects(f["events"], events)

    notables: dict[str, Noble | Lady | Genius] = {}
    for table, path in ((nobles, f["nobles"]), (ladies, f["ladies"]), (geniuses, f["geniuses"])):
        for key, card in table.items():
            if key in notables or key in events:
                raise DataError(f"{path}: entry '{key}', field 'id': id used twice across files")
            notables[key] = card

    # Cross-file references.
    locations = set(territories) | set(wars)
    for event in events.values():
        owner = f"entry '{event.id}'"
        _check_refs(f["events"], owner, "removes", event.removes, events)
        if "war" in event.params:
            _check_refs(f["events"], owner, "params.war", [str(event.params["war"])], wars)
        if "power" in event.params:
            _check_refs(f["events"], owner, "params.power", [str(event.params["power"])], powers)
    for event in events.values():
        if event.removed_when is not None:
            _check_removed_when(f["events"], event.id, event.removed_when, wars)
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
        path = scenario_files[scen.id]
        owner = f"scenario '{scen.id}'"
        _check_scenario_places(path, owner, scen)
        _check_scenario_decks(path, owner, scen, events)
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
            war = wars[ws.war]
            if not -war.enemy_spaces <= ws.position <= war.spanish_spaces:
                raise DataError(
                    f"{path}: {owner}, field 'wars.position': {ws.position} is off the "
                    f"{ws.war} track (-{war.enemy_spaces} to {war.spanish_spaces})"
                )

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
