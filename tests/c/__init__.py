"""The C cores as such: their fuzz corpus replayed."""
