"""Tests of the players layer (the folder gives each test its marker, see tests/conftest.py)."""
