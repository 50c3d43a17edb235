"""A game being played: its table, options, flow and turns."""
