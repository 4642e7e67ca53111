"""The arena: tournaments, their statistics and external engines."""
