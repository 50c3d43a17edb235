"""Tests of the tui layer (the folder gives each test its marker, see tests/conftest.py)."""
