"""Hue: rules, the Game API, bad input, bots, pictures, encoding, the C core and its kernel."""
