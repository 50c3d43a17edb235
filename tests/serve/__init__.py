"""Tests of the serve layer (the folder gives each test its marker, see tests/conftest.py)."""
