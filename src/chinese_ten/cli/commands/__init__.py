"""The headless commands behind the CLI (Rich output; no Textual)."""
