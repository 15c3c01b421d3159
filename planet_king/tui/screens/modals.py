"""Modal screens: help, the rules reference, and the cards browser with provenance."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from planet_king import present
from planet_king import rules_reference as rules_ref
from planet_king.tui import views

if TYPE_CHECKING:
    from planet_king.advisor.client import Advisor
    from planet_king.content.loader import Content
    from planet_king.saves import SaveInfo

KEYS: tuple[tuple[str, str], ...] = (
    ("1-9, 0, a...", "take that option of the pending decision (its key is shown before it)"),
    ("↑ ↓, Enter", "move among the options and take the highlighted one"),
    (
        "PgUp PgDn Home End",
        "page through a long list of options (its border says what lies out of view)",
    ),
    ("l", "focus the log; ↑ ↓ shows each entry's rule and cause, Enter opens the rule"),
    ("Escape", "back to the decision (or close this window)"),
    ("[ ]", "previous / next panel (under 120 columns, one panel shows at a time)"),
    ("Tab", "move the focus: the decision, each panel, the log (Shift+Tab: back)"),
    ("↑ ↓ PgUp PgDn", "scroll the panel that has the focus (Home / End: top / bottom)"),
    ("s", "save the game under a name you choose (it is also autosaved after every choice)"),
    ("u", "undo the last choice (as far as the undo policy allows)"),
    ("r", "rules reference (searchable), opened at the rule of the decision"),
    ("c", "cards browser, with each card's provenance"),
    ("d", "the card drawn last, in the cards browser"),
    ("m", "your Secret Memorial (only what the deciding role may see)"),
    ("h", "the analysis pane: the evaluator's guess at once, then playouts, updated live"),
    ("?", "this help"),
    ("Ctrl+P", "command palette"),
    ("q", "quit (asks first in a game in progress, which is autosaved)"),
    ("g", "the game-over screen again, once the game is over"),
    ("a / o", "on the title screen: continue the last autosave / load a save"),
    ("Tab", "on the title screen: to the seed, the difficulty and the options"),
    ("x", "on the game-over screen: export the chronicle to Markdown"),
    ("y / n", "in a question: yes / no (Enter / Escape too)"),
    ("Ctrl+Q", "quit at once (autosaves, asks nothing)"),
)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        keys = Table.grid(padding=(0, 1))
        keys.add_column(style="bold", no_wrap=True)
        keys.add_column()
        for key, what in KEYS:
            keys.add_row(key, what)
        t = Text(
            "\nThe mouse works too: click an option, a tab or a log entry. Options that "
            "the rules do not allow are dimmed with the reason.",
            style="dim",
        )
        with Vertical(classes="modal", id="help"):
            with VerticalScroll(id="help-body"):
                yield Static(Text("Keys", style="bold underline"))
                yield Static(keys)
                yield Static(t)
            yield Static("↑ ↓ PgUp PgDn scroll · Escape closes", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    async def action_dismiss(self, result: Any = None) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("down", "to_list", "To the list", show=False),
    ]

    def __init__(self, rule: str = "") -> None:
        super().__init__()
        self.rule = rule

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal wide-modal"):
            yield Static(
                Text("Rules reference — summaries in our own words", style="bold"),
            )
            yield Input(placeholder="search the rules…", id="rules-search")
            with Horizontal():
                yield OptionList(id="rules-list")
                with VerticalScroll(id="rules-body-box"):
                    yield Static(id="rules-body")
            yield Static("Type to search · ↓ to the list · Escape closes", classes="hint")

    def on_mount(self) -> None:
        self._fill("")
        target = rules_ref.find(self.rule)
        if target is not None:
            ids = [s.heading for s in self._shown]
            if target.heading in ids:
                self.query_one("#rules-list", OptionList).highlighted = ids.index(target.heading)
        self.query_one("#rules-search", Input).focus()  # typing searches at once

    def action_to_list(self) -> None:
        self.query_one("#rules-list", OptionList).focus()

    def _fill(self, query: str) -> None:
        self._shown = rules_ref.search(query)
        lst = self.query_one("#rules-list", OptionList)
        lst.set_options(Option(s.heading) for s in self._shown)
        if self._shown:
            lst.highlighted = 0
            self._show(0)
        else:
            self.query_one("#rules-body", Static).update("No section matches.")

    def _show(self, index: int) -> None:
        s = self._shown[index]
        t = Text(s.heading + "\n\n", style="bold")
        t.append(s.body)
        self.query_one("#rules-body", Static).update(t)

    @on(Input.Changed, "#rules-search")
    def _search(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#rules-search")
    def _to_list(self) -> None:
        self.query_one("#rules-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#rules-list")
    def _highlight(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self._shown):
            self._show(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)


card_rows = present.card_rows


def card_detail(kind: str, card: Any) -> Text:
    t = Text(card.name, style="bold")
    t.append(f"  ({kind})\n", style="dim")
    if kind == "event":
        t.append(views.BIRD[card.fortune], style=views.BIRD_STYLE[card.fortune])
        t.append(f" ({card.fortune})")
        if card.sp_loss:
            t.append("  SP-loss mark", style="bold red")
        if card.one_use:
            t.append("  single use (flame)")
        t.append("\n")
    skip = {"id", "name", "source", "reconstructed", "note", "text", "effect", "params"}
    skip |= {"fortune", "sp_loss", "one_use"}  # said by the bird line above
    for field, value in card.model_dump(by_alias=True, exclude_defaults=True).items():
        if field in skip:
            continue
        name, words = present.field_line(field, value)
        t.append(f"{name}: ", style="bold")
        t.append(f"{words}\n")
    text = getattr(card, "text", "")
    if text:
        t.append(f"\n{text}\n")
    t.append("\nProvenance: ", style="bold")
    if card.source == "rulebook":
        t.append("named by the rulebook", style="green")
    else:
        t.append("reconstructed", style="yellow")
    if card.reconstructed:
        t.append(f"\nReconstructed fields: {', '.join(card.reconstructed)}", style="yellow")
    if card.note:
        t.append(f"\nNote: {card.note}", style="italic")
    return t


class CardsScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("down", "to_list", "To the list", show=False),
    ]

    def __init__(self, content: Content, search: str = "", select: str | None = None) -> None:
        super().__init__()
        self.content = content
        self.search = search
        self.select = select  # a card id to show first
        self._all = card_rows(content)
        self._shown = self._all

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal wide-modal"):
            yield Static(Text("Cards, with their provenance", style="bold"))
            yield Input(value=self.search, placeholder="search the cards…", id="cards-search")
            with Horizontal():
                yield OptionList(id="cards-list")
                with VerticalScroll(id="cards-body-box"):
                    yield Static(id="cards-body")
            yield Static("Type to search · ↓ to the list · Escape closes", classes="hint")

    def on_mount(self) -> None:
        self._fill(self.search)
        lst = self.query_one("#cards-list", OptionList)
        ids = [getattr(card, "id", None) for _, _, card in self._shown]
        if self.select in ids:
            lst.highlighted = ids.index(self.select)
            self._show(ids.index(self.select))
        self.query_one("#cards-search", Input).focus()  # typing searches at once

    def action_to_list(self) -> None:
        self.query_one("#cards-list", OptionList).focus()

    def _fill(self, query: str) -> None:
        self._shown = present.find_cards(self._all, query)
        lst = self.query_one("#cards-list", OptionList)
        lst.set_options(
            Option(Text(f"{kind[:6]:<7}", style="dim") + Text(name))
            for kind, name, _ in self._shown
        )
        if self._shown:
            lst.highlighted = 0
            self._show(0)
        else:
            self.query_one("#cards-body", Static).update("No card matches.")

    def _show(self, index: int) -> None:
        kind, _, card = self._shown[index]
        self.query_one("#cards-body", Static).update(card_detail(kind, card))

    @on(Input.Changed, "#cards-search")
    def _search(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#cards-search")
    def _to_list(self) -> None:
        self.query_one("#cards-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#cards-list")
    def _highlight(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self._shown):
            self._show(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)


class LoadScreen(ModalScreen[Path | None]):
    """The saves in the saves folder, newest first, one row per game (its latest
    autosave) and one per named save; unreadable ones dimmed with why."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    def __init__(self, infos: list[Any]) -> None:
        super().__init__()
        self.infos = infos

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal"):
            yield Static(Text("Load a saved game", style="bold"))
            if not self.infos:
                yield Static(Text("There is no save in the saves folder yet.", style="dim"))
            yield OptionList(
                *[
                    Option(self._label(info), id=str(i), disabled=info.error is not None)
                    for i, info in enumerate(self.infos)
                ],
                id="saves-list",
            )
            yield Static("↑ ↓ choose · Enter loads · Escape closes", classes="hint")

    @staticmethod
    def _label(info: SaveInfo) -> Text:
        """One row: the file, then (for a game) scenario, turn, VP and whether it is over;
        text from the file is shown with control characters escaped."""
        from planet_king.fsutil import escape_controls, shown

        name = escape_controls(info.path.name)
        if info.error is not None:
            return Text(f"{name} — cannot be read: {shown(info.error, 300)}", style="dim")
        kind = "latest autosave" if info.autosave else "save"
        facts = [f"turn {info.turn}"] if info.turn is not None else []
        if info.vp is not None:
            facts.append(f"{info.vp} VP")
        if info.over:
            level = info.victory_level.replace("-", " ")
            facts.append(f"finished: {level}" if level else "finished")
        else:
            facts.append("in progress")
        t = Text(f"{escape_controls(info.scenario)}, seed {info.seed}", style="bold")
        t.append(" — " + ", ".join(facts), style="" if info.over else "green")
        t.append(
            f"  ({kind} {name}, {info.choices} choices, {escape_controls(info.saved)})",
            style="dim",
        )
        return t

    @on(OptionList.OptionSelected, "#saves-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.infos[int(event.option.id or 0)].path)

    def action_close(self) -> None:
        self.dismiss(None)


class EndOfTurnScreen(ModalScreen[None]):
    """The end-of-turn breakdown: every line the engine logged in the End of Turn phase
    (income, upkeep, mortality, enlightenment, prestige, happiness, VP), by section."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,space", "close", "Continue")]

    def __init__(self, entries: list[Any], turn: int) -> None:
        super().__init__()
        self.entries = entries
        self.turn = turn

    def compose(self) -> ComposeResult:
        t = Text()
        section = None
        for e in self.entries:
            name = e.rule.split(" / ", 1)[-1] if e.rule else "Other"
            if name != section:
                section = name
                t.append(f"\n{name}\n", style="bold underline")
            t.append(f"  {e.text}\n")
        with Vertical(classes="modal wide-modal"):
            yield Static(Text(f"End of turn {self.turn}: the breakdown", style="bold"))
            with VerticalScroll():
                yield Static(t)
            yield Static("Enter or Escape continues", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class HandOverScreen(ModalScreen[None]):
    """Co-operative hotseat: the other role takes the keyboard (Cooperative Game)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape", "close", "Ready")]

    def __init__(self, role: str) -> None:
        super().__init__()
        self.role = role

    def compose(self) -> ComposeResult:
        who = "the King" if self.role == "king" else "the Valido"
        t = Text(f"Pass the keyboard to {who}.\n\n", style="bold")
        t.append(
            f"The next decision is {who}'s. Each role's secret memorial stays hidden on this "
            "screen: only the board, which both players see at the table, is shown.\n\n"
        )
        t.append(f"Press Enter when {who} is ready.", style="italic")
        with Vertical(classes="modal", id="handover"):
            yield Static(t)

    def action_close(self) -> None:
        self.dismiss(None)


class MemorialScreen(ModalScreen[None]):
    """The Secret Memorials the deciding role may see: his own once read (in solo, the
    revealed ones), any claimed card, all of them at the end (Secret Memorial)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,m", "close", "Close")]

    def __init__(self, role_name: str, cards: dict[str, dict[str, str]], note: str) -> None:
        super().__init__()
        self.role_name = role_name
        self.cards = cards
        self.note = note  # when they are read (present.memorial_note)

    def compose(self) -> ComposeResult:
        t = Text(f"Secret Memorials that {self.role_name} may see\n\n", style="bold")
        if not self.cards:
            t.append(f"None yet. {self.note}")
        for card in self.cards.values():
            t.append(f"{card['name']}\n", style="bold")
            t.append(f"  {card['task']}\n\n")
        with Vertical(classes="modal"):
            yield Static(t)
            yield Static("Escape closes", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class HintScreen(ModalScreen[None]):
    """The analysis pane: the advisor's table (``advisor.table``, the same as plain
    text's), updated in place while the advisor keeps thinking; Escape stops it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,h", "close", "Close")]

    def __init__(self, prompt: str = "", reply: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.prompt = prompt
        self.reply: dict[str, Any] = reply or {}
        self.updates = 0  # answers shown so far
        self.thinking = True
        self.closed = False  # set when the pane goes: its worker stops updating it
        self._changed = asyncio.Event()  # set at every answer shown and when the pane goes
        self.advisor: Advisor | None = None  # the process thinking for this pane

    @property
    def options(self) -> list[dict[str, Any]]:
        return list(self.reply.get("options", []))

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal wide-modal"):
            with VerticalScroll():
                yield Static(self.table_text(), id="advice-table")
            yield Static(self.footer_text(), id="advice-status", classes="hint")

    def show(self, reply: dict[str, Any], *, final: bool = False) -> None:
        """A newer answer, in place."""
        self.reply = reply
        self.updates += 1
        self.thinking = not final
        if self.is_mounted:
            self.query_one("#advice-table", Static).update(self.table_text())
            self.query_one("#advice-status", Static).update(self.footer_text())
        self._changed.set()

    async def wait_for_updates(self, count: int) -> int:
        """Until ``count`` answers have been shown, the advisor is done thinking, or the
        pane is gone (the advisor failed or was stopped): the answers shown so far. Waits
        on the pane's own events, never for a while (the caller bounds the wait)."""
        while self.updates < count and self.thinking and not self.closed:
            self._changed.clear()
            await self._changed.wait()
        return self.updates

    def footer_text(self) -> str:
        state = "Thinking (the table updates in place)" if self.thinking else "Done thinking"
        return f"{state} · Escape stops and closes. The advisor never changes your game."

    def table_text(self) -> Text:
        from planet_king.advisor import table as advice_table

        t = Text()
        if self.prompt:
            t.append(f"{self.prompt}\n", style="italic")
        if not self.reply:
            t.append("The advisor is starting its playouts...\n")
            return t
        for line in advice_table.build(self.reply).lines():
            strong = line.startswith(("* ", "Recommended", "No ", "Too close", "Best value"))
            t.append(line + "\n", style="bold" if strong else "")
        return t

    def on_unmount(self) -> None:
        self.closed = True
        self._changed.set()

    def action_close(self) -> None:
        self.closed = True
        self._changed.set()
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter confirms, n or Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("enter", "enter_answer", "The default", show=False),
    ]

    def __init__(self, question: str, detail: str = "", *, default: bool = True) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.enter_means = default  # what Enter answers (No where the choice is grave)

    def compose(self) -> ComposeResult:
        t = Text(self.question + "\n", style="bold")
        if self.detail:
            t.append(f"\n{self.detail}\n")
        with Vertical(classes="modal", id="confirm"):
            yield Static(t)
            enter = "y or Enter: yes · n or Escape: no"
            if not self.enter_means:
                enter = "y: yes · n, Enter or Escape: no"
            yield Static(enter, classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_enter_answer(self) -> None:
        self.dismiss(self.enter_means)


class SaveNameScreen(ModalScreen["str | None"]):
    """The name to save under, with a default offered: Enter saves, Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, default: str, folder: str) -> None:
        super().__init__()
        self.default = default
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal", id="savename"):
            yield Static(Text("Save the game as", style="bold"))
            yield Input(value=self.default, id="save-name")
            yield Static(Text(f"in {self.folder}", style="dim"))
            yield Static("Enter saves · Escape cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#save-name", Input).focus()

    @on(Input.Submitted, "#save-name")
    def _submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or self.default)

    def action_cancel(self) -> None:
        self.dismiss(None)
