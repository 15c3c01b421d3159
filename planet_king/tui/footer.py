"""A footer whose key hints fit the terminal's width.

Textual's footer scrolls sideways when its hints are wider than the screen, so at 80
columns the last one shown was cut ("t Tutoria") and those after it were out of sight.
Under 120 columns this footer is compact (one space less a hint), and while its hints
are still too wide it leaves out the command palette's hint, then the hints at its right
end: each screen lists its keys most useful first, and ``?`` lists every key.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW = 120  # below this width the hints are compact (as the game screen's layout)


def hint_width(key: FooterKey, *, compact: bool) -> int:
    """The columns a hint takes, as Textual's footer draws it (its key, a space, its
    description, and its padding or margin)."""
    text = len(key.key_display) + (1 + len(key.description) if key.description else 0)
    if key.has_class("-command-palette"):
        return text + 1 + (0 if compact else 1)  # its left border, its padding
    return text + (1 if compact else 2)


class FittingFooter(Footer):
    """The footer, its hints fitted to the screen's width (see the module's text)."""

    def compose(self) -> ComposeResult:
        width = self.app.size.width
        compact = width < NARROW
        self.set_reactive(Footer.compact, compact)
        self.set_class(compact, "-compact")
        widgets: list[Widget] = list(super().compose())  # our screens group no bindings
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        used = sum(hint_width(k, compact=compact) for k in keys)
        palette = [k for k in keys if k.has_class("-command-palette")]
        # the palette's hint first (Ctrl+P is in the help), then from the right end
        drop_order = palette + [k for k in reversed(keys) if k not in palette]
        dropped: set[int] = set()
        for key in drop_order:
            if used <= width or len(dropped) == len(keys) - 1:
                break
            dropped.add(id(key))
            used -= hint_width(key, compact=compact)
        yield from (w for w in widgets if id(w) not in dropped)

    def on_resize(self, event: events.Resize) -> None:
        """A new width may fit more hints, or fewer."""
        if self._bindings_ready:
            self.call_after_refresh(self.recompose)
