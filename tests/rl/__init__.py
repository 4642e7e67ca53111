"""The reinforcement-learning adapters: Gymnasium, PettingZoo and OpenSpiel."""
