"""The Textual TUI: screens and widgets over the engine's per-player views."""
