"""Chinese Ten (Jiǎn Hóng Diǎn), the red-point capture game for 2 to 4 players.

The engine (``cards``, ``actions``, ``deal``, ``view``, ``series``, ``records``) is pure Python
and never imports the TUI; ``chinese_ten.tui`` renders it with Textual.
"""

__version__ = "0.1.0"
