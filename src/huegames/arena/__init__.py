"""The arena: tournaments between bots with ratings and the SPRT, and engines in any language.

- :mod:`huegames.arena.stats`: Elo and the SPRT from game pairs,
  Plackett-Luce ratings from finishing orders (pure functions).
- :mod:`huegames.arena.tournament`: tournaments of seeded, paired deals,
  their records, standings and resume (``huegames tournament``).
- :mod:`huegames.arena.protocol` and :mod:`huegames.arena.engines`: the
  JSON-lines engine protocol, a bot served as an engine, and engines run
  as bots; :mod:`huegames.arena.check`: ``huegames engine check``.
- :mod:`huegames.arena.report`: the tournament's report page.

Needs ``huegames[arena]``.
"""
