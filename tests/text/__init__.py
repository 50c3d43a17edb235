"""Tests of the text layer (the folder gives each test its marker, see tests/conftest.py)."""
