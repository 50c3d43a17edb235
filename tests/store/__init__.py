"""Tests of the store layer (the folder gives each test its marker, see tests/conftest.py)."""
