"""What a person reads about players, seats and the engine's errors."""
