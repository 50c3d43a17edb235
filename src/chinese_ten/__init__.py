"""Chinese Ten (Jiǎn Hóng Diǎn), the red-point capture game for 2 to 4 players.

Packages by layer, imports only downward (``tests/test_layers.py``): ``lang``, ``engine``,
``players``, ``text``, ``store``, ``game`` and ``analysis``, ``tui`` and ``serve``, ``cli``.
The engine (``chinese_ten.engine``) is pure Python and never imports the TUI;
``chinese_ten.tui`` renders it with Textual.
"""

__version__ = "0.1.0"
