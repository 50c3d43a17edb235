"""Tests of the engine layer (the folder gives each test its marker, see tests/conftest.py)."""
