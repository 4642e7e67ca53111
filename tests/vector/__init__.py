"""huegames.vector: the batched Gymnasium environments of every game, against
the single environment, across autoreset modes, seeds, threads and backends,
their bad input and the batched evaluation."""
