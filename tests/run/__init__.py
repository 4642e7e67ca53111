"""The runner and the command line."""
