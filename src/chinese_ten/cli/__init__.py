"""The command line: ``chinese-ten`` and its commands."""
