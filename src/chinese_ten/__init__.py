"""Chinese Ten (Jiǎn Hóng Diǎn), the two-player red-point capture game.

The engine (``cards``, ``actions``, ``deal``, ``view``, ``series``, ``records``) is pure Python
and never imports the TUI; ``chinese_ten.tui`` renders it with Textual.
"""

__version__ = "0.1.0"
