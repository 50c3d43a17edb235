"""Files on disk: records, saves and the history."""
