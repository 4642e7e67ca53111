"""Learning environments on the contract: PettingZoo, Gymnasium and OpenSpiel.

Each adapter is written once for every registered game, through the
game's numeric encoding (:mod:`huegames.encoding`) and its registry entry.
They need the ``rl`` extra (``pip install "huegames[rl]"``), so this
package imports none of them: import :mod:`huegames.rl.pettingzoo`,
:mod:`huegames.rl.gymnasium` or :mod:`huegames.rl.openspiel` itself.
"""
