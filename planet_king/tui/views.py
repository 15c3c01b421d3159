"""Views of the engine state as Rich text: no rules here, only reading ``game.state``
(a ``GameState``, read through its typed attributes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from planet_king import present
from planet_king.engine.rules.court import OFFICE_NAMES

if TYPE_CHECKING:
    from planet_king.engine.game import Game
    from planet_king.engine.state import Child

CUBE_ROLE = {
    "red": "government",
    "blue": "political",
    "yellow": "royal",
    "green": "government or political",
}
CUBE_STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
}
BIRD = {"positive": "eagle", "neutral": "pigeon", "negative": "crow"}
BIRD_STYLE = {"positive": "bold green", "neutral": "bold yellow", "negative": "bold red"}
BIRD_SIGN = {"positive": "+", "neutral": "=", "negative": "-"}
UNIT_SHORT = {
    "tercio": "tercio",
    "veteran": "veteran",
    "veteran-flipped": "veteran(1)",
    "provincial": "provincial",
    "nations": "Nations",
    "english": "English",
    "french": "French",
    "habsburg": "Habsburg",
    "catalan": "Catalan",
    "fleet": "fleet",
}
PHASES = present.PHASES
LABEL = "bold"
DIM = "dim"


def heading(title: str) -> Text:
    return Text(title, style="bold underline")


class Panel:
    """Rows of (label, value) with a hanging indent, and free lines between them."""

    def __init__(self, label_width: int = 10) -> None:
        self.parts: list[RenderableType] = []
        self._grid: Table | None = None
        self.label_width = label_width
        self.key: list[str] = []  # the plain text: a panel redraws only when it changes

    def row(self, label: str, value: str | Text) -> None:
        if self._grid is None:
            self._grid = Table.grid(padding=(0, 1), expand=True)
            self._grid.add_column(style=LABEL, no_wrap=True, min_width=self.label_width)
            self._grid.add_column(ratio=1)
            self.parts.append(self._grid)
        self._grid.add_row(label, value)
        self.key.append(f"{label}\t{value if isinstance(value, str) else value.plain}")

    def line(self, text: str | Text) -> None:
        self._grid = None
        line = text if isinstance(text, Text) else Text(text)
        self.key.append(line.plain)
        self.parts.append(line)

    def heading(self, title: str) -> None:
        self.line(heading(title))

    def render(self) -> Group:
        return Group(*self.parts)


def _join(lines: list[Text]) -> Text:
    return Text("\n").join(lines)


phase_name = present.phase_name


# ----------------------------------------------------------------- top bar
def top_bar(game: Game, width: int = 200) -> Text:
    """Turn, phase, Treasury and VP always; the title, the years and the seed where the
    terminal is wide enough (issue 32: at 80 columns the Treasury and VP went missing)."""
    scen = game.scenario
    wide = width >= 120
    phase = phase_name(game)
    span = f"{scen.first_turn}-{scen.last_turn}, {scen.years}" if wide else f"of {scen.last_turn}"
    bar = _top_bar(game, wide, span, phase)
    if bar.cell_len > width:  # a long phase ("End of Turn phase · the player's actions")
        bar = _top_bar(game, wide, span, phase.split(" · ")[0])  # its detail is on the board
    if bar.cell_len > width:
        bar = _top_bar(game, wide, f"of {scen.last_turn}", phase.split(" · ")[0])
    return bar


def _top_bar(game: Game, wide: bool, span: str, phase: str) -> Text:
    s = game.state
    t = Text()
    if wide:
        t.append(" The Planet King ", style="bold reverse")
    t.append(f"  {game.scenario.name}  " if wide else f" {game.scenario.name}  ", style="bold")
    t.append(f"Turn {s.turn} ({span})  ")
    t.append(phase, style="italic")
    t.append("  Treasury ")
    t.append(f"{s.treasury}/12", style="bold yellow")
    t.append(f"  VP {s.vp}")
    if wide:
        t.append(f"  seed {game.seed}", style=DIM)
    return t


# ------------------------------------------------------- Council of State
DANGER_STYLE = {
    "defeat": "bold white on red",
    "critical": "bold red",
    "low": "bold yellow",
    "safe": "green",
    "": "",
}


def forecast_block(game: Game, p: Panel) -> None:
    """The End of Turn as it would be counted now, each score coloured by its danger."""
    lines = present.forecast_lines(game)
    if game.hothead:
        p.line(heading("The scenario's goal"))
    else:
        p.line(heading("If the turn ended now"))
    for line in lines:
        p.line(Text(line.text, style=DANGER_STYLE.get(line.danger, "")))


def forecast_height(game: Game, width: int, console: Console, *, scores_only: bool = False) -> int:
    """The rows the forecast takes at the top of the Council of State, wrapped at
    ``width``, down to its VP line (every score, the Treasury, the VP; the thresholds
    and what is left to chance follow where there is room), or down to its last score:
    the screen keeps that much of the board for it while a decision is open (issue 32:
    at 80x24 a long decision left only two of its lines in view)."""
    p = Panel()
    forecast_block(game, p)
    last = "Treasury " if scores_only else "VP "
    cut = [i for i, line in enumerate(p.key) if line.startswith(last)]
    if cut:
        del p.parts[cut[-1] + (0 if scores_only else 1) :]
    return len(console.render_lines(p.render(), console.options.update_width(max(1, width))))


def council(game: Game) -> Panel:
    s = game.state
    scen = game.scenario
    hothead = scen.kind == "hothead"
    p = Panel()
    forecast_block(game, p)
    p.heading("Council of State")
    p.row("Turn", present.turn_text(game))
    p.row("Phase", phase_name(game))
    bar = Text()
    bar.append("■" * s.treasury, style="bold yellow")
    bar.append("□" * max(0, 12 - s.treasury), style=DIM)
    bar.append(f" {s.treasury}/12")
    p.row("Treasury", bar)
    cubes = Text()
    for colour in ("red", "blue", "yellow", "green"):
        n = s.cubes.get(colour, 0)
        cubes.append(f"{colour} {n}", style=CUBE_STYLE[colour] if n else DIM)
        cubes.append("  ")
    cubes.append("\n(gov · pol · royal · gov/pol)", style=DIM)
    p.row("Cubes", cubes)
    markers = Text(f"prestige {s.prestige_markers:+d}")
    if hothead:
        markers.append(" · happiness not used", style=DIM)
    else:
        markers.append(f" · happiness {s.happiness_markers:+d}")
    p.row("This turn", markers)
    if not hothead and s.last_scores:
        p.row("Scores", " · ".join(f"{k} {v}" for k, v in s.last_scores.items()))
    vp = Text(str(s.vp), style="bold")
    if game.options.coop:
        vp.append(f"  (King {s.vp_king}, Valido {s.vp_valido})")
    p.row("VP", vp)
    if s.memorials:
        claimed = len(s.memorials_claimed)
        p.row("Memorials", f"{len(s.memorials)} secret, {claimed} claimed (m: read yours)")
    if not hothead:
        track = list(game.content.tables.exploration_track)
        if 0 <= s.exploration < len(track):
            p.row("Explored", track[s.exploration].replace("-", " "))
    used = ", ".join(u.replace("-", " ") for u in s.unique_used) or "none"
    p.row("Unique", used)
    p.row("Cards", f"deck {len(s.deck)} · discard {len(s.discard)} · out {len(s.removed_events)}")
    tw = "played" if s.total_war_played else "not yet"
    p.row("ACTION", f"{s.action_cards_played}/5 played · TOTAL WAR {tw}")
    p.row("New wars", f"{s.wars_declared_this_turn}/2 declared this turn")
    if not hothead:
        p.row("Union Arms", f"played {present.plural(s.union_of_arms, 'time')}")
    p.row("Valtellina", "closed" if s.valtellina_closed else "open")
    if not hothead:
        asiento = {0: "none", 1: "on Castile", 2: "on Castile and the Indies"}
        p.row("Asiento", asiento.get(s.asiento, str(s.asiento)))
        p.row("Portugal", "independent" if s.portugal_independent else "Spanish")
    if s.construction:
        built = ", ".join(f"{UNIT_SHORT.get(k, k)} for {game.name(t)}" for k, t in s.construction)
        p.row("Building", built)
    detail = present.forecast_detail(game)
    if detail:
        p.heading("What makes the forecast")
        for line in detail:
            p.line(Text(line, style=DIM))
    return p


# ------------------------------------------------------------------ Court
def _person(game: Game, nid: str | None, *, vacant: str = "—") -> Text:
    """A notable as the Court panel shows him: the short form of his name (the full one
    is on his card: c), his ratings and traits."""
    if nid is None:
        return Text(vacant, style=DIM)
    t = Text(present.short_name(game, nid))
    summary = present.notable_summary(game, nid)  # ratings and traits, as in the prompts
    if summary:
        t.append(f"  {summary}", style=DIM)
    if nid in game.state.exiles:
        t.append("  (exile)", style="italic red")
    return t


def _child(child: Child) -> Text:
    t = Text("son" if child.male else "daughter")
    if not child.legitimate:
        t.append(" (bastard)", style=DIM)
    if child.sickly:
        sickly = child.sickly
        t.append(" sickly" + ("×" + str(sickly) if sickly > 1 else ""), style="italic red")
    return t


def court(game: Game) -> Panel:
    s = game.state
    hothead = game.scenario.kind == "hothead"
    p = Panel()
    p.row("Valido", _person(game, s.valido))
    if hothead:
        p.line(Text("Ladies and geniuses are not used in Hothead.", style=DIM))
    else:
        queen = _person(game, s.queen)
        if s.queen_sickly:
            queen.append("  sickly", style="italic red")
        p.row("Queen", queen)
        p.row("Mistress", _person(game, s.mistress))
        heir = next((c for c in s.children if c.id == s.heir), None)
        p.row("Heir", _child(heir) if heir is not None else Text("none", style=DIM))
        legit = [c for c in s.children if c.legitimate and c is not heir]
        bastards = [c for c in s.children if not c.legitimate]
        if legit:
            p.row("Children", Text(", ").join(_child(c) for c in legit))
        if bastards:
            p.row("Bastards", Text(", ").join(_child(c) for c in bastards))
    for i, nid in enumerate(s.court_nobles, start=1):
        p.row(f"Noble {i}", _person(game, nid, vacant="empty"))
    if not hothead:
        for i, gid in enumerate(s.court_geniuses, start=1):
            p.row(f"Genius {i}", _person(game, gid, vacant="empty"))
        p.row("Painter", _person(game, s.court_painter, vacant="none"))
    # an office or a command on its own line and its holder under it: both read whole
    # in a panel a third of a 120-column terminal wide
    if s.offices:
        p.heading("Offices")
        for office, nid in s.offices.items():
            p.line(Text(OFFICE_NAMES.get(office, office), style=LABEL))
            p.line(Text("  ").append_text(_person(game, nid, vacant="vacant")))
    commands = [(w, ws.leader) for w, ws in s.wars.items() if ws.active]
    if commands:
        p.heading("Army commands")
        for w, leader in commands:
            p.line(Text(_short_war(game, w), style=LABEL))
            p.line(Text("  ").append_text(_person(game, leader, vacant="none")))
    if s.exiles:
        p.row("Exiles", ", ".join(game.name(n) for n in s.exiles))
    p.row("Noble deck", present.plural(len(s.noble_deck), "card"))
    p.line(Text(RATINGS_LEGEND, style=DIM))
    return p


# issue 32: "M1 P1 G2" and "G?" had no legend on the board
RATINGS_LEGEND = (
    "M military · P political · G government; ? a rating not yet fixed: a fortune test "
    "fixes it when it is first needed (?=2 once fixed)"
)


# ---------------------------------------------------------------- wars
def _short_war(game: Game, war_id: str) -> str:
    name = game.name(war_id)
    return name.replace("War with France, ", "France, ").replace(" front", "")


def units_text(units: dict[str, int]) -> str:
    held = [f"{n} {UNIT_SHORT.get(k, k)}" for k, n in sorted(units.items()) if n]
    return ", ".join(held) if held else "no units"


def track(game: Game, war_id: str) -> Text:
    """One line: the power's full name, the track with the marker, Spain, the status."""
    war = game.content.wars[war_id]
    ws = game.state.wars[war_id]
    left, marker, right = present.war_track(game, war_id)
    t = Text(game.name(war.power), style="bold red")
    t.append("  ")
    t.append(left, style="red")
    t.append(marker, style="bold reverse yellow" if ws.active else "bold reverse")
    t.append(right, style="cyan")
    t.append("  Spain", style="bold cyan")
    t.append("  ")
    if ws.active:
        t.append("at war", style="bold red")
    else:
        t.append(
            present.outcome_text(ws.outcome), style="bold green" if ws.outcome == "won" else ""
        )
    if ws.truce:
        t.append("  TRUCE", style="bold cyan")
    return t


def wars(game: Game) -> Panel:
    """Each war in two or three short lines: the track, then who fights with what."""
    s = game.state
    p = Panel(label_width=8)
    shown = 0
    for w, ws in s.wars.items():
        if not ws.active and ws.outcome is None:
            continue
        shown += 1
        p.line(track(game, w))
        spain, enemy = present.war_sides(game, w, short=True)
        detail = Text(f"  {game.name(w)} · ", style="bold")
        detail.append(spain, style="cyan")
        p.line(detail)
        p.line(Text(f"  {enemy} · {present.war_stakes(game, w)}", style=DIM))
    if not shown:
        p.line(Text("At peace with every power.", style=DIM))
    if game.scenario.kind != "hothead":
        peace = present.at_peace(game)
        if peace:
            p.line(Text(f"At peace with {peace}", style=DIM))
    return p


# ------------------------------------------------------------------ map
def board_map(game: Game) -> Panel:
    s = game.state
    content = game.content
    p = Panel(label_width=13)
    for tid, terr in content.territories.items():
        if terr.region != "europe":
            continue
        row = Text(units_text(s.units.get(tid, {})))
        if tid in s.revolts:
            row.append("  REVOLT", style="bold red")
        fort = s.fortifications.get(tid, 0) or terr.fortification
        if fort:
            row.append(f"  fort {fort}", style=DIM)
        p.row(terr.name.replace(" (Spanish Netherlands)", ""), row)
    pu = Text(units_text(s.units.get("plus-ultra", {})))
    for counter, n in s.plus_ultra.items():
        if n:
            pu.append(f", {n} {counter.replace('-', ' ')}")
    p.row("Plus Ultra", pu)
    if game.scenario.kind == "hothead":
        p.line(Text("The Indies are not used in Hothead.", style=DIM))
    else:
        p.heading("Indies")
        for tid, terr in content.territories.items():
            if terr.region not in ("indies", "settlement"):
                continue
            if terr.region == "settlement" and tid not in s.settlements:
                continue
            ducats = s.indies_ducats.get(tid, 0)
            row = Text(f"{ducats} ducat{'' if ducats == 1 else 's'}")
            if tid in s.raids:
                row.append("  RAID", style="bold red")
            fort = s.fortifications.get(tid, 0)
            if fort:
                row.append(f"  fort {fort}")
            units = s.units.get(tid, {})
            if any(units.values()):
                row.append(f"  {units_text(units)}")
            p.row(terr.name, row)
    return p


# ------------------------------------------------------------- decision
def role_badge(role: str) -> Text:
    style = "bold reverse yellow" if role == "king" else "bold reverse magenta"
    who = "THE KING" if role == "king" else "THE VALIDO"
    return Text(f" {who} decides ", style=style)


def decision_header(game: Game) -> Text:
    d = game.decision
    if d is None:
        return Text("The game is over: g shows the result, q quits.", style="bold")
    t = role_badge(d.role.value)
    t.append(" ")
    t.append(d.prompt, style="bold")
    about = present.subject_line(game)
    if about:
        t.append(f"\n{about}", style="dim")
    if d.role.value == "valido" and not game.options.coop:
        # a newcomer alone at the table asked who the Valido was: he is, too
        t.append("  (solo: you play the Valido as well as the King)", style="dim")
    why = []
    if d.cause:
        why.append(f"because of {d.cause}")
    if d.rule:
        why.append(f"rule: {d.rule}")
    if why:
        t.append("\n")
        t.append(" · ".join(why), style="italic dim")
    return t


# The key of each option, in order: the digits (0 is the tenth), then the letters no
# command of the game screen takes, then the same letters in capitals (issue 32: a tenth
# option had no key; a late noble deck to remove a card from lists 23 and growing).
OPTION_KEYS = "1234567890abefijknopvwyz" + "abefijknopvwyz".upper()


def option_key(index: int) -> str | None:
    """The key of option ``index`` (counted from 1), or None past the last key."""
    return OPTION_KEYS[index - 1] if 1 <= index <= len(OPTION_KEYS) else None


def option_label(
    index: int, label: str, allowed: bool, reason: str | None, warning: str | None = None
) -> Text:
    key = f"{option_key(index)}." if option_key(index) else "  "
    if allowed:
        t = Text(f"{key} ", style="bold")
        t.append(label)
        if warning:
            t.append(f"  ⚠ {warning}", style="bold white on red")
        return t
    t = Text(f"{key} {label}", style="dim strike")
    t.append(f"  — not allowed: {reason or 'not allowed'}", style="dim italic")
    return t


# ----------------------------------------------------------- game over
def victory_text(game: Game) -> Text:
    s = game.state
    level = (s.victory_level or "over").replace("-", " ").title()
    style = "bold green" if "victory" in level.lower() else "bold red"
    t = Text(f"{level}", style=style)
    return t


def game_over_headline(game: Game) -> Text:
    """ "The reign is over — Defeat", with the cause first when it was an automatic
    defeat ("Automatic defeat: the King's happiness fell to 0: the King is dead")."""
    cause = game.state.defeat_cause
    if cause:
        t = Text(f"Automatic defeat: {cause}", style="bold white on red")
        t.append("\nThe reign is over — ", style="bold")
    else:
        t = Text("The reign is over — ", style="bold")
    t.append_text(victory_text(game))
    return t


def _bars(rows: list[tuple[str, int]], width: int) -> Text:
    top = max(abs(v) for _, v in rows) or 1
    lines = []
    for name, value in rows:
        bar = "█" * max(1, round(abs(value) * width / top))
        line = Text(f"{name[:26]:<26} {value:+3d} ")
        line.append(bar, style="green" if value > 0 else "red")
        lines.append(line)
    return _join(lines)


def ledger_chart(game: Game, width: int = 30) -> Text:
    rows = present.ducat_sources(game)
    if not rows:
        return Text("No ducat came in or went out.", style=DIM)
    return _bars(rows, width)


def vp_sources_chart(game: Game, width: int = 30) -> Text:
    """Where the VP went: wars, the tables, the heir, the Valido, events, memorials."""
    rows = present.vp_sources(game)
    if not rows:
        return Text("No VP was gained or lost.", style=DIM)
    return _bars(rows, width)


def vp_chart(game: Game) -> Text:
    """The VP at the end of each turn, ending at the final VP."""
    rows = present.vp_by_turn(game)
    if not rows:
        return Text("No turn was scored.", style=DIM)
    top = max(max(vp for _, vp in rows), 1)
    lines = []
    for label, vp in rows:
        line = Text(f"{label}  {vp:>3} VP ")
        line.append("█" * max(0, round(vp * 30 / top)), style="yellow")
        lines.append(line)
    return _join(lines)


def chronicle_markdown(game: Game) -> str:
    s = game.state
    out = [
        f"# The Planet King — {game.scenario.name} (seed {game.seed})",
        "",
        f"Victory level: **{(s.victory_level or 'unfinished').replace('-', ' ')}**, {s.vp} VP.",
        "",
        "## Chronicle",
        "",
    ]
    for e in game.log_entries:
        rule = f" *({e.rule})*" if e.rule else ""
        out.append(f"- T{e.turn} {e.phase}: {e.text}{rule}")
    return "\n".join(out) + "\n"
