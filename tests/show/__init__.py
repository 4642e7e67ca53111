"""Showing games: the replay page in a browser and the terminal player."""
