"""Plank: rules, the Game API, bad input, bots, pictures, encoding, matches, the C core."""
