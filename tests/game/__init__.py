"""Tests of the game layer (the folder gives each test its marker, see tests/conftest.py)."""
