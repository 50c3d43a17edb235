"""Chinese Ten (Jiǎn Hóng Diǎn), the red-point capture game for 2 to 4 players.

Packages by layer, imports only downward (``tests/test_layers.py``): ``lang``, ``engine``,
``players``, ``text``, ``store``, ``game`` and ``analysis``, ``tui`` and ``serve``, ``cli``.
The engine (``chinese_ten.engine``) is pure Python and never imports the TUI;
``chinese_ten.tui`` renders it with Textual.
"""

__version__ = "0.1.0"

CHINESE_NAME = "捡红点"
"""The game's name in Chinese characters, in the start screen's title."""
PINYIN = "Jiǎn Hóng Diǎn"
"""The same name in pinyin: the title where the screen has no font for the characters."""
