"""The review, simulate, the statistics, and their worker processes."""
