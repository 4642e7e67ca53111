"""The engine contract every game keeps, and records."""
