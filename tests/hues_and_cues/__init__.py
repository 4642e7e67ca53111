"""Hues and Cues: rules, the Game API, bad input, bots, pictures, encoding, cue vocabulary."""
