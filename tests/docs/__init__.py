"""README, CONTRIBUTING and the docstrings: examples, doctests and links."""
