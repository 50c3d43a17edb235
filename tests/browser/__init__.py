"""Tests of the browser layer (the folder gives each test its marker, see tests/conftest.py)."""
