"""The screens of the TUI: title, game, game over, and the modal screens."""
