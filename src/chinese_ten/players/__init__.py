"""Computer players. Each reads a :class:`~chinese_ten.engine.view.PlayerView`, never the state.

:mod:`chinese_ten.players.base` holds :class:`~chinese_ten.players.base.Player` and
:func:`~chinese_ten.players.base.make_player`; :mod:`chinese_ten.players.levels` the names and
levels alone (the command line reads them without loading the engine). Nothing is imported
here, so that importing the levels loads nothing else.
"""
