"""Widgets: they draw what they are given and post messages; none of them calls the engine."""
