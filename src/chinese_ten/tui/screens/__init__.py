"""Screens: the game board, and the start, cut, hand-over, results, rules and dialog screens."""
