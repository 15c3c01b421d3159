"""The game screen: panels that are views of ``game.state``, and the decision panel.

Wide terminals (120 columns or more) show every panel at once in a grid; narrower
ones show one panel at a time under a row of tabs (``[`` and ``]`` switch). Widgets
hold no rules: the screen reads the game and sends the chosen option id back.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import OptionList, Static, Tab, Tabs
from textual.widgets.option_list import Option

from planet_king import present, saves
from planet_king.engine.decisions import BACK_ID
from planet_king.engine.forecast import defeat_warnings, option_effects
from planet_king.tui import views
from planet_king.tui.draws import Draw, DrawTracker
from planet_king.tui.footer import FittingFooter
from planet_king.tui.screens.analysis import AnalysisScreen
from planet_king.tui.screens.decision_parts import DecisionOptions, draw_text, drawn_line

if TYPE_CHECKING:
    from planet_king.engine.decisions import Decision
    from planet_king.engine.game import Game
    from planet_king.tui.app import PlanetKingApp

PANELS: tuple[tuple[str, str], ...] = (
    ("council", "Council of State"),
    ("wars", "Wars"),
    ("court", "Court"),
    ("map", "Map"),
    ("draws", "Cards drawn"),
    ("log", "Log"),
)


class GameScreen(AnalysisScreen):
    # Typed as Screen declares it (mypy refuses a ClassVar over it), hence the noqa.
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [  # noqa: RUF012
        (0, "-narrow"),
        (120, "-wide"),
    ]

    # The footer shows these in order: Quit and Hint first, so that they stay visible
    # at 80 columns; [ ] only where panels are switched (under 120 columns).
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(key, f"choose({i})", f"option {key}", show=False)
            for i, key in enumerate(views.OPTION_KEYS, start=1)
        ],
        Binding("q", "app.quit_game", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "app.help", "Help", key_display="?"),
        Binding("s", "save", "Save"),
        Binding("u", "undo", "Undo"),
        Binding("l", "focus_log", "Log"),
        Binding("left_square_bracket", "panel(-1)", "Panel", key_display="[ ]"),
        Binding("right_square_bracket", "panel(1)", "Next panel", show=False),
        Binding("escape", "focus_options", "Options", show=False),
        Binding("g", "game_over", "Result", show=False),
        Binding("d", "last_card", "Last card", show=False),
        Binding("m", "memorials", "Memorials", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only what works is offered: panel switching where panels are switched, the
        advisor and undo while there is a decision, the result once the game is over."""
        if action == "panel":
            return self.has_class("-narrow")
        if action in ("hint", "undo"):
            return self.game.decision is not None or action == "undo"
        if action == "game_over":
            return self.game.over
        return True

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.tracker = DrawTracker(game)
        self._log_shown = 0
        self._current = "council"
        self._over_shown = False
        self._keys: dict[str, object] = {}
        self._autosave_error: str | None = None
        self._warnings: dict[str, str] = {}  # option id -> certain automatic defeat
        self._options_cap: int | None = None  # the options' height when the box lacks room
        self._decision_shown: object = None  # the decision the options list was built for
        self._new_decision = False  # its list not yet laid out (_to_the_top)

    @property
    def pk_app(self) -> PlanetKingApp:
        return self.app  # type: ignore[return-value]

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        yield Tabs(*[Tab(label, id=f"tab-{pid}") for pid, label in PANELS], id="paneltabs")
        with Vertical(id="board"):
            # the grid of a wide terminal places them in this order (app.tcss): the Log
            # before the Cards drawn, so that it takes the right column over two rows
            labels = dict(PANELS)
            for pid in ("council", "wars", "court", "map", "log", "draws"):
                label = labels[pid]
                if pid == "log":
                    with Vertical(id="panel-log", classes="panel"):
                        yield OptionList(id="log")
                        yield Static(id="logdetail")
                else:
                    with VerticalScroll(id=f"panel-{pid}", classes="panel") as box:
                        box.border_title = label
                        box.can_focus = True  # Tab reaches it; the keys scroll it
                        yield Static(id=pid)
        with Vertical(id="decision"):
            yield Static(id="dhead")
            yield Static(id="lastdraws")
            yield DecisionOptions(id="options")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#panel-log").border_title = "Log (l)"
        self.query_one("#panel-draws").border_title = "Cards drawn"
        self._show_panel(self._current)
        self.query_one("#log", OptionList).anchor()
        self.refresh_view()
        options = self.query_one("#options", OptionList)
        options.focus()
        self.watch(options, "scroll_y", self._say_more_options, init=False)
        if not self.game.over:
            self.call_after_refresh(self._autosave)

    def _show_panel(self, pid: str) -> None:
        self._current = pid
        for other, _ in PANELS:
            self.query_one(f"#panel-{other}").set_class(other == pid, "-current")

    @on(Tabs.TabActivated, "#paneltabs")
    def _tab(self, event: Tabs.TabActivated) -> None:
        if event.tab.id:
            self._show_panel(event.tab.id.removeprefix("tab-"))

    def action_panel(self, step: int) -> None:
        ids = [pid for pid, _ in PANELS]
        pid = ids[(ids.index(self._current) + step) % len(ids)]
        self.query_one("#paneltabs", Tabs).active = f"tab-{pid}"
        self._show_panel(pid)

    # ------------------------------------------------------------ refresh
    def refresh_view(self) -> None:
        g = self.game
        self._set("topbar", views.top_bar(g, self.app.size.width), layout=False)
        self._set_panel("council", views.council(g))
        self._set_panel("court", views.court(g))
        self._set_panel("wars", views.wars(g))
        self._set_panel("map", views.board_map(g))
        new = self.tracker.update()
        self._refresh_draws(new)
        self._refresh_log()
        self._refresh_decision()
        self.refresh_bindings()  # what the footer offers follows the game (check_action)

    def on_resize(self) -> None:
        self.refresh_bindings()  # [ ] come and go with the narrow layout
        self._set("topbar", views.top_bar(self.game, self.app.size.width), layout=False)
        self._fit_options()

    def on_screen_resume(self) -> None:
        """Back from a window (a tutorial page, the End of Turn): a screen under another
        is not laid out, so the options were fitted to sizes that have changed since."""
        self._fit_options()

    def _fit_options(self) -> None:
        """The options list never runs below the decision's box: under a long header (a
        notable's summary, the cards drawn) at 80x24 the box is full before the list
        is, and its last options (Back among them) were out of sight, out of reach of
        the list's own scrolling. The box first leaves the board the rows of the
        forecast (``_room_for_forecast``); the list takes the stylesheet's height, then,
        once laid out, gives up the lines the box lacks and scrolls within the rest."""
        options = self.query_one("#options", OptionList)
        if self._options_cap is not None:
            self._options_cap = None
            options.styles.max_height = None
        self.call_after_refresh(self._room_for_forecast)

    MIN_DECISION = 8  # the box's rows at least: its border, the prompt, two options

    def _room_for_forecast(self) -> None:
        """The decision's box is never so tall that the forecast's lines (every score,
        the Treasury, the VP) leave the Council of State: at 80x24 a decision of many
        options left only its first two scores in view (issue 32). Under a long header
        the Treasury and VP lines give way to two rows of options, the scores never.
        Wide, the Council has the first of the board's grid rows (app.tcss): the board
        keeps its need over that row's share."""
        board, box = self.query_one("#board"), self.query_one("#decision")
        council = self.query_one("#council")
        width = council.size.width or board.size.width - 5  # hidden: another tab shown
        rows = [r.value for r in board.styles.grid_rows or ()]
        share = sum(rows) / rows[0] if self.has_class("-wide") and rows else 1.0

        def need(scores_only: bool) -> int:  # the board's rows: the forecast's, its border
            lines = views.forecast_height(
                self.game, width, self.app.console, scores_only=scores_only
            )
            return math.ceil((lines + 2) * share)  # wide: the Council's row is a share

        both = board.outer_size.height + box.outer_size.height
        cap = both - need(False)
        # a long header (a notable's summary, the cards drawn) with two rows of options
        # comes before the forecast's Treasury and VP lines, never before its scores
        header = sum(self.query_one(w).outer_size.height for w in ("#dhead", "#lastdraws"))
        if cap < header + 4:
            cap = min(header + 4, both - need(True))
        cap = max(self.MIN_DECISION, min(cap, self.size.height * 3 // 5))
        if box.styles.max_height != Scalar.from_number(cap):
            box.styles.max_height = cap
        self.call_after_refresh(self._shrink_options)

    def _shrink_options(self) -> None:
        over = int(self.query_one("#decision").max_scroll_y)
        if over > 0:
            options = self.query_one("#options", OptionList)
            self._options_cap = max(2, options.outer_size.height - over)
            options.styles.max_height = self._options_cap
        self.call_after_refresh(self._to_the_top)

    def _to_the_top(self) -> None:
        """A new decision's list starts at its first option when the one highlighted
        (the first allowed) is in view from there: the list, scrolled to it while it was
        still being sized, hid the options above it. Otherwise the highlighted option is
        brought into view."""
        options = self.query_one("#options", OptionList)
        if options.highlighted is not None:
            last = options._index_to_line[options.highlighted]
            last += options._heights[options.highlighted]
            if self._new_decision and last <= options.size.height:
                options.scroll_to(y=0, animate=False, immediate=True)
            else:  # the list shrank under it (the tutorial's example, highlighted)
                options.scroll_to_highlight()
        self._new_decision = False
        self._say_more_options()

    def _say_more_options(self) -> None:
        """The box's lower border names the options out of view and the keys that bring
        them (issue 32: options 8 and on, and Back, lay below the list's edge unseen)."""
        options = self.query_one("#options", OptionList)
        d = self.game.decision
        parts = []
        if d is not None and options.option_count == len(d.options) and options.size.height:
            lines = options._lines  # (option index, line) for each line of the list
            top, bottom = int(options.scroll_y), int(options.scroll_y) + options.size.height
            above = sorted({i for i, _ in lines[:top]})
            below = sorted({i for i, _ in lines[bottom:]})
            if above:
                parts.append(f"↑ {self._option_keys(d, above)} above: PgUp, Home")
            if below:
                parts.append(f"↓ {self._option_keys(d, below)} below: PgDn, End")
        self.query_one("#decision").border_subtitle = " · ".join(parts) or None

    @staticmethod
    def _option_keys(d: Decision, indexes: list[int]) -> str:
        """ "8, 9, 0 and Back", or "8-b and Back" for many: the keys of these options."""
        back = d.options[indexes[-1]].id == BACK_ID
        keys = [views.option_key(i + 1) or "…" for i in indexes[: -1 if back else None]]
        if not keys:
            return "Back"
        said = ", ".join(keys) if len(keys) <= 3 else f"{keys[0]}-{keys[-1]}"
        return f"option{'s' if len(keys) > 1 else ''} {said}" + (" and Back" if back else "")

    def _set(self, wid: str, text: Text, *, layout: bool = True) -> None:
        """Update a Static only when its text changed (a redraw costs a layout)."""
        key = (text.plain, tuple(text.spans))
        if self._keys.get(wid) != key:
            self._keys[wid] = key
            self.query_one(f"#{wid}", Static).update(text, layout=layout)

    def _set_panel(self, wid: str, panel: views.Panel) -> None:
        key = tuple(panel.key)
        if self._keys.get(wid) != key:
            self._keys[wid] = key
            self.query_one(f"#{wid}", Static).update(panel.render())

    def _refresh_draws(self, new: list[Draw]) -> None:
        draws = self.tracker.draws
        if draws:
            body = Text("\n").join(draw_text(d) for d in reversed(draws[-40:]))
        else:
            body = Text("No card drawn yet.", style="dim")
        self._set("draws", body)
        recent = new or draws[-3:]
        line = Text("Drawn: " if new else "Last drawn: ", style="bold")
        if recent:
            line.append_text(drawn_line(recent[-4:]))
            if len(recent) > 4:
                line.append(f"  (+{len(recent) - 4} more: see Cards drawn)", style="dim")
        else:
            line.append("nothing yet", style="dim")
        self._set("lastdraws", line)

    def _refresh_log(self) -> None:
        log = self.query_one("#log", OptionList)
        entries = self.game.log_entries
        if len(entries) < self._log_shown:  # a new game object (undo)
            log.clear_options()
            self._log_shown = 0
        new = entries[self._log_shown :]
        if new:
            opts = []
            for e in new:
                # each entry whole, wrapped (issue 32: a cut line told nothing); the
                # list is anchored to its end, so the newest stays in view
                t = Text(f"T{e.turn} ", style="dim")
                t.append(e.text)
                opts.append(Option(t))
            log.add_options(opts)
            self._log_shown = len(entries)
            # the list is anchored to its end (kept there by the layout itself, so the
            # view is deterministic); the newest entry's rule and cause show below it
            if not log.has_focus:
                self._show_log_entry(len(entries) - 1)

    def _refresh_decision(self) -> None:
        g = self.game
        self._set("dhead", views.decision_header(g))
        options = self.query_one("#options", OptionList)
        d = g.decision
        if d is None:
            options.clear_options()
            if not self._over_shown:
                self._over_shown = True
                from planet_king.tui.screens.gameover import GameOverScreen

                self.app.push_screen(GameOverScreen(g))
            return
        role = d.role.value
        box = self.query_one("#decision")
        box.border_title = "The King decides" if role == "king" else "The Valido decides"
        box.set_class(role == "valido", "-valido")
        self._warnings = defeat_warnings(g)
        effects = option_effects(g)
        options.set_options(
            Option(
                views.option_label(
                    i,
                    present.effect_label(present.option_text(g, o.id, o.label), effects.get(o.id)),
                    o.allowed,
                    o.reason,
                    self._warnings.get(o.id),
                ),
                id=o.id,
                disabled=not o.allowed,
            )
            for i, o in enumerate(d.options, start=1)
        )
        first = next(i for i, o in enumerate(d.options) if o.allowed)
        options.highlighted = first
        if d is not self._decision_shown:  # a new decision: its options have the keys
            self._decision_shown = d  # (PgDn, End...), wherever Tab or l had moved them
            self._new_decision = True
            self.action_focus_options()
        self._fit_options()

    # ------------------------------------------------------------ playing
    def take(self, option_id: str) -> None:
        """Take an option; one that certainly brings an automatic defeat asks first."""
        d = self.game.decision
        if d is None or not d.takes(option_id):  # a legal option or a sub-menu's Back
            # a selection made on the list of the decision before (keys pressed faster
            # than the screen answers): the game has moved on, so it is dropped
            return
        warning = self._warnings.get(option_id)
        if warning is None:
            self._take(option_id)
            return
        from planet_king.tui.screens.modals import ConfirmScreen

        decision = self.game.decision
        assert decision is not None  # a warning is asked of a pending decision's option

        def answered(yes: bool | None) -> None:
            if yes and self.game.decision is decision:
                self._take(option_id)

        label = next((o.label for o in decision.options if o.id == option_id), option_id)
        question = ConfirmScreen(f"Take “{label}”?", f"Warning — {warning}.", default=False)
        self.app.push_screen(question, answered)

    def _take(self, option_id: str) -> None:
        turn = self.game.state.turn
        before = self.game.decision.role if self.game.decision else None
        self.game.choose(option_id)
        self.refresh_view()
        self._end_of_turn_breakdown(turn)
        self._hand_over(before)
        self.call_after_refresh(self._autosave)  # after the frame: it costs a few ms

    def _autosave(self) -> None:
        """Autosave after every choice (as the plain-text mode does);
        a failure is said once, and the game goes on."""
        try:
            error = saves.autosave(self.game, saves_dir=self.pk_app.saves_dir)
        except Exception as exc:  # never lose the game to a failing autosave
            error = str(exc)
        if error and error != self._autosave_error:
            self.notify(error, severity="warning", timeout=6)
        self._autosave_error = error

    def _hand_over(self, before: object) -> None:
        """Co-op hotseat: when the deciding role changes, hand the keyboard over."""
        d = self.game.decision
        if d is None or not self.game.options.coop or d.role == before:
            return
        from planet_king.tui.screens.modals import HandOverScreen

        self.app.push_screen(HandOverScreen(d.role.value))

    def _end_of_turn_breakdown(self, turn: int) -> None:
        """After an End of Turn phase (the turn moved on, or the game ended), show it."""
        s = self.game.state
        if s.turn == turn and not s.over:
            return
        entries = [e for e in self.game.log_entries if e.turn == turn and e.phase == "end-of-turn"]
        if entries:
            from planet_king.tui.screens.modals import EndOfTurnScreen

            self.app.push_screen(EndOfTurnScreen(entries, turn))

    def action_choose(self, number: int) -> None:
        d = self.game.decision
        if d is None:
            return
        if number > len(d.options):
            key = views.option_key(number)
            self.notify(f"There is no option {key}.", severity="warning", timeout=2)
            return
        opt = d.options[number - 1]
        if not opt.allowed:
            self.notify(f"Not allowed: {opt.reason}", severity="warning", timeout=3)
            return
        self.take(opt.id)

    @on(OptionList.OptionSelected, "#options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        # The list is rebuilt for every decision: a selection whose option is no longer
        # in it was made on the decision before, even if its id is legal again now
        # (two "done" in a row), and is dropped.
        options = event.option_list
        index = event.option_index
        current = options.get_option_at_index(index) if index < options.option_count else None
        if event.option.id is not None and current is event.option:
            self.take(event.option.id)

    @on(OptionList.OptionHighlighted, "#options")
    def _option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """At the first or the last option allowed, the list shows its start or its end:
        the options not allowed before or after it (with their reasons) are read too,
        though the highlight never lands on them."""
        d = self.game.decision
        if d is None or event.option_list.option_count != len(d.options):
            return
        allowed = [i for i, o in enumerate(d.options) if o.allowed]
        if allowed and event.option_index == allowed[-1]:
            event.option_list.scroll_end(animate=False, immediate=True)
        elif allowed and event.option_index == allowed[0] and not self._new_decision:
            event.option_list.scroll_home(animate=False, immediate=True)

    @on(OptionList.OptionHighlighted, "#log")
    def _log_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_log_entry(event.option_index)

    def _show_log_entry(self, index: int) -> None:
        entries = self.game.log_entries
        if not 0 <= index < len(entries):
            return
        e = entries[index]
        t = Text(f"Turn {e.turn}, {e.phase}. ", style="dim")  # its text is whole above
        t.append("Rule: ", style="bold")
        t.append(e.rule or "—")
        if e.cause:
            t.append("  Cause: ", style="bold")
            t.append(e.cause)
        self.query_one("#logdetail", Static).update(t)

    @on(OptionList.OptionSelected, "#log")
    def _log_selected(self, event: OptionList.OptionSelected) -> None:
        entries = self.game.log_entries
        if 0 <= event.option_index < len(entries):
            self.pk_app.action_rules(entries[event.option_index].rule)

    def action_focus_log(self) -> None:
        self.query_one("#paneltabs", Tabs).active = "tab-log"
        self._show_panel("log")
        log = self.query_one("#log", OptionList)
        log.focus()
        log.highlighted = log.option_count - 1 if log.option_count else None

    def action_last_card(self) -> None:
        """The card drawn last, in the cards browser (its text and provenance)."""
        if not self.tracker.draws:
            self.notify("No card has been drawn yet.", timeout=2)
            return
        from planet_king.tui.screens.modals import CardsScreen

        last = self.tracker.draws[-1]
        card_id = last.card_id or next(
            (c.id for c in self.game.content.events.values() if c.name == last.name), None
        )
        self.app.push_screen(CardsScreen(self.game.content, last.name, card_id))

    def action_memorials(self) -> None:
        """The memorials of the role at the keyboard (the deciding role), never the
        partner's hidden one (engine.view)."""
        from planet_king.engine.decisions import Role
        from planet_king.engine.rules import memorials
        from planet_king.engine.view import view
        from planet_king.tui.screens.modals import MemorialScreen

        if not memorials.in_use(self.game):
            self.notify(present.memorial_note(self.game, Role.KING), timeout=5)
            return
        d = self.game.decision
        role = d.role if d is not None else Role.KING
        who = (
            "the player"
            if not self.game.options.coop
            else ("the King" if role is Role.KING else "the Valido")
        )
        cards = view(self.game, role)["memorials"]
        note = present.memorial_note(self.game, role)
        self.app.push_screen(MemorialScreen(who, cards, note))

    def action_game_over(self) -> None:
        if self.game.over:
            from planet_king.tui.screens.gameover import GameOverScreen

            self.app.push_screen(GameOverScreen(self.game))

    def action_focus_options(self) -> None:
        self.query_one("#options", OptionList).focus()
        log = self.query_one("#log", OptionList)
        log.highlighted = None
        log.anchor()  # back to following the newest entries

    # ------------------------------------------------------ save and undo
    def action_save(self) -> None:
        """Ask for a name (a default offered), then save under it."""
        from planet_king.tui.screens.modals import SaveNameScreen

        default = saves.default_name(self.game).removesuffix(".json")
        folder = str(saves.saves_dir(self.pk_app.saves_dir))
        self.app.push_screen(SaveNameScreen(default, folder), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if name is None:
            return
        try:
            path = saves.save_game(self.game, name, saves_dir=self.pk_app.saves_dir)
        except Exception as exc:  # a save that fails must say so, never crash the game
            self.notify(f"Could not save: {exc}", severity="error", timeout=5)
            return
        self.notify(f"Saved to {path}", timeout=4)

    def action_undo(self) -> None:
        game = self.game
        learning = self.pk_app.learning or game.learning
        why_not = game.can_undo(learning=learning)
        if why_not:
            self.notify(f"Cannot undo: {why_not}", severity="warning", timeout=4)
            return
        self.game = game.undo(learning=learning)
        self.pk_app.game = self.game
        self.tracker = DrawTracker(self.game)
        self._log_shown = len(self.game.log_entries) + 1  # force a rebuild of the log
        self.refresh_view()
        self.call_after_refresh(self._autosave)
        self.notify("Undone.", timeout=2)
