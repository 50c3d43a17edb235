"""Tests of the cli layer (the folder gives each test its marker, see tests/conftest.py)."""
