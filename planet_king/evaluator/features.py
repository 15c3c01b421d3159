"""A position as a fixed-length vector of numbers, for the learned evaluator.

Everything is read from what a player sees and what the forecast already counts
(``engine.forecast``): never the order of a deck, only its composition. Reading never
changes the game (a "?" rating is read as a player sees it, ``court.known_rating``).

The order of ``FEATURES`` is the order of the vector and of the model's weights: adding,
removing or moving a feature changes ``feature_fingerprint`` and so the model's version
(a test then asks for a retrain).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from planet_king.content.ids import War
from planet_king.engine.forecast import forecast
from planet_king.engine.rules import court, family
from planet_king.engine.state import UNIT_SP

if TYPE_CHECKING:
    from planet_king.engine.game import Game

SCENARIOS = (
    "iupiter-hispano",
    "anni-mirabiles",
    "anni-horribiles",
    "the-planet-king",
    "hothead",
)
PHASES = ("setup", "organisation", "events", "end-of-turn")
SCORES = ("enlightenment", "prestige", "happiness")
LEVEL_LINES = ("major", "historical", "defeat")
WARS = (
    "barbary",
    "england",
    "flanders",
    "france-catalonia",
    "france-italy",
    "france-picardy",
    "ottoman",
    "palatinate",
    "portugal",
)
WAR_FEATURES = (
    "active",
    "position",
    "truce",
    "won",
    "lost",
    "commander",
    "commander_sp",
    "commander_strategy",
    "commander_turns_left",
    "enemy_leader_strategy",
    "army_sp",
    "enemy_strength",
    "sp_margin",
)
OFFICES = ("viceroy-indies", "viceroy-italy", "governor-flanders", "ambassador-austria")
RATINGS = ("military", "political", "government", "prestige")
# Margins far from a line say no more than "far": clipped so that rare extremes do not
# dominate a linear layer.
MARGIN_CLIP = 8

FEATURES: tuple[str, ...] = (
    *(f"scenario:{s}" for s in SCENARIOS),
    *(f"phase:{p}" for p in PHASES),
    "turn_index",
    "turns_left",
    "action_cards_played",
    "vp",
    *(f"vp_to_{line}" for line in LEVEL_LINES),
    "table_vp",
    "vp_end",
    *(f"vp_end_to_{line}" for line in LEVEL_LINES),
    *(f"{score}:{what}" for score in SCORES for what in ("points", "margin", "vp", "ducats")),
    "worst_margin",
    "treasury",
    "treasury_end",
    "income",
    "upkeep",
    "bankruptcies",
    "prestige_markers",
    "happiness_markers",
    "cubes",
    *(f"war:{w}:{what}" for w in WARS for what in WAR_FEATURES),
    "wars_active",
    "wars_won",
    "wars_lost",
    "spanish_sp",
    "fleets",
    "construction",
    "valido",
    *(f"valido:{r}" for r in RATINGS),
    "valido_turns",
    "court_nobles",
    *(f"court:{r}" for r in RATINGS),
    "geniuses",
    *(f"office:{o}" for o in OFFICES),
    "offices_government",
    "queen",
    "queen_sickly",
    "mistress",
    "court_painter",
    "exiles",
    "children",
    "legitimate_children",
    "legitimate_sons",
    "heir",
    "sickly_marks",
    "king_dead",
    "deck",
    "deck_positive",
    "deck_neutral",
    "deck_negative",
    "deck_sp_loss",
    "deck_war",
    "deck_action",
    "discard",
    "revolts",
    "raids",
    "pirates",
    "indies_fleets",
    "asiento",
    "fortifications",
    "exploration",
    "portugal_independent",
    "low_prestige",
    "hothead_war_won",
    "hothead_war_lost",
    "hothead_viceroy_capable",
)
N_FEATURES = len(FEATURES)
INDEX = {name: i for i, name in enumerate(FEATURES)}

# Where the position stands in the reign: a turn's phase, one input each (the last turn
# counted stands for the later ones). A linear model reads turn and phase apart, so it
# could not place each stage's own level: it valued End of Turn positions above the Events
# phase's that lead to them (Anni Mirabiles' held-out games: -0.25 at turn 1's End of Turn
# against the outcome), and one ply took "done" over any action for it. Derived from
# ``turn_index`` and the phase, not stored: the training data keeps ``FEATURES`` only.
STAGE_TURNS = 8
STAGES: tuple[str, ...] = tuple(f"stage:{t}:{p}" for t in range(STAGE_TURNS) for p in PHASES)
MODEL_INPUTS: tuple[str, ...] = (*FEATURES, *STAGES)
_TURN = INDEX["turn_index"]
_PHASE = INDEX[f"phase:{PHASES[0]}"]


def with_stages(x: list[float]) -> list[float]:
    """``FEATURES``' vector with its stage inputs after it (``MODEL_INPUTS``)."""
    stages = [0.0] * len(STAGES)
    turn = min(max(int(x[_TURN]), 0), STAGE_TURNS - 1)
    for j in range(len(PHASES)):
        if x[_PHASE + j]:
            stages[turn * len(PHASES) + j] = 1.0
    return [*x, *stages]


def feature_fingerprint() -> str:
    """A short hash of the model's inputs' names in order (part of the model's version)."""
    return hashlib.sha256("\n".join(MODEL_INPUTS).encode()).hexdigest()[:12]


def _clip(x: int) -> int:
    return -MARGIN_CLIP if x < -MARGIN_CLIP else MARGIN_CLIP if x > MARGIN_CLIP else x


def _rating(g: Game, nid: str | None, which: str) -> int:
    if nid is None:
        return 0
    if which == "prestige":
        card = g.content.notables.get(nid)
        value = getattr(card, "prestige", 0) if card is not None else 0
        return value if isinstance(value, int) else 0
    return court.known_rating(g, nid, which)


def _deck_counts(g: Game, deck: list[str]) -> tuple[int, int, int, int, int, int]:
    """The deck's composition by fortune bird, SP-loss symbol and kind (its order is
    hidden and never read)."""
    events = g.content.events
    pos = neu = neg = sp_loss = war = action = 0
    for cid in deck:
        card = events[cid]
        f = card.fortune
        if f == "positive":
            pos += 1
        elif f == "negative":
            neg += 1
        else:
            neu += 1
        if card.sp_loss:
            sp_loss += 1
        if card.effect == "war":
            war += 1
        elif card.effect == "action":
            action += 1
    return pos, neu, neg, sp_loss, war, action


def features(g: Game) -> list[float]:
    """The feature vector of the position ``g`` is in (``FEATURES`` gives the names)."""
    s = g.state
    sc = g.scenario
    x: list[float] = [1.0 if s.scenario == name else 0.0 for name in SCENARIOS]
    x += [1.0 if s.phase == p else 0.0 for p in PHASES]
    x += [s.turn - sc.first_turn, sc.last_turn - s.turn, s.action_cards_played]

    t = sc.thresholds
    lines = (t.major_victory, t.historical_outcome, t.defeat)
    f = forecast(g)
    x.append(s.vp)
    x += [_clip(s.vp - line) if line is not None else 0 for line in lines]
    x += [f.table_vp, f.vp_end]
    x += [_clip(f.vp_end - line) if line is not None else 0 for line in lines]
    for score in f.scores:  # enlightenment, prestige, happiness, in that order
        if score.counted and f.has_end_of_turn:
            x += [score.points, _clip(score.margin), score.row.vp, score.row.ducats]
        else:
            x += [0, MARGIN_CLIP, 0, 0]
    x.append(_clip(f.worst_margin) if f.has_end_of_turn else MARGIN_CLIP)
    tr = f.treasury
    x += [tr.now, tr.end, tr.income_total, tr.upkeep_total, tr.bankruptcies]
    x += [s.prestige_markers, s.happiness_markers, sum(s.cubes.values())]

    # Each war: where its marker stands, who commands on both sides, and the armies.
    from planet_king.engine.rules import wars as war_rules

    nobles = g.content.nobles
    leaders = g.content.leaders
    active = won = lost = 0
    for wid in WARS:
        ws = s.wars.get(wid)
        if ws is None:
            x += [0.0] * len(WAR_FEATURES)
            continue
        cmd = war_rules.serving_commander(g, wid)
        counter = nobles[cmd].leader if cmd is not None else None
        strategy = counter.strategy if counter is not None else 0
        turns_left = 0
        if counter is not None and counter.turns.to is not None:
            turns_left = counter.turns.to - s.turn
        elif counter is not None:
            turns_left = sc.last_turn - s.turn
        enemy = leaders[ws.enemy_leader].strategy if ws.enemy_leader else 0
        if ws.active:
            active += 1
            army = war_rules.army_sp(g, wid, player_campaign=True)
            strength = war_rules.enemy_strength(g, wid)
        else:
            army = strength = 0
        won += ws.outcome == "won"
        lost += ws.outcome == "lost"
        x += [
            ws.active,
            ws.position,
            ws.truce,
            ws.outcome == "won",
            ws.outcome == "lost",
            cmd is not None,
            counter.sp if counter is not None else 0,
            strategy if isinstance(strategy, int) else 2,
            turns_left,
            enemy if isinstance(enemy, int) else 2,
            army,
            strength,
            army - strength,
        ]
    x += [active, won, lost]

    sp = fleets = 0.0
    for units in s.units.values():
        for kind, n in units.items():
            if kind == "fleet":
                fleets += n
            sp += UNIT_SP.get(kind, 0.0) * n
    x += [sp, fleets, len(s.construction)]

    # The Court: the Valido, the nobles at Court, the geniuses, the offices, the ladies.
    x.append(s.valido is not None)
    x += [_rating(g, s.valido, r) for r in RATINGS]
    x.append(s.turn - s.valido_since if s.valido is not None else 0)
    at_court = [n for n in s.court_nobles if n is not None]
    x.append(len(at_court))
    x += [sum(_rating(g, n, r) for n in at_court) for r in RATINGS]
    x.append(sum(1 for n in s.court_geniuses if n is not None))
    x += [s.offices.get(o) is not None for o in OFFICES]
    x.append(sum(_rating(g, s.offices.get(o), "government") for o in OFFICES))
    x += [s.queen is not None, s.queen_sickly, s.mistress is not None]
    x += [s.court_painter is not None, len(s.exiles)]

    # The royal family.
    legit = family.legitimate_children(g)
    x += [len(s.children), len(legit), sum(1 for c in legit if c.male)]
    x += [s.heir is not None, sum(c.sickly for c in s.children), s.king_dead]

    # The event deck: its composition, never its order.
    x.append(len(s.deck))
    x += _deck_counts(g, s.deck)
    x.append(len(s.discard))

    x += [len(s.revolts), len(s.raids), s.plus_ultra.get("pirates", 0)]
    x += [s.plus_ultra.get("indies-fleet", 0), s.asiento, sum(s.fortifications.values())]
    x += [s.exploration, s.portugal_independent, s.low_prestige]

    # Hothead's own victory condition as it stands (flow.hothead_conditions, read as a
    # player sees the Viceroy's ratings).
    if g.hothead:
        outcome = s.wars[War.FRANCE_ITALY].outcome if War.FRANCE_ITALY in s.wars else None
        viceroy = s.offices.get("viceroy-italy")
        capable = max(_rating(g, viceroy, "political"), _rating(g, viceroy, "government")) >= 2
        x += [outcome == "won", outcome == "lost", viceroy is not None and capable]
    else:
        x += [0, 0, 0]
    return [float(v) for v in x]
