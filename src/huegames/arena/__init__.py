"""The arena: tournaments between bots with ratings and the SPRT, and engines in any language.

- :mod:`huegames.arena.stats`: Elo and the SPRT from game pairs,
  Plackett-Luce ratings from finishing orders (pure functions).
"""
