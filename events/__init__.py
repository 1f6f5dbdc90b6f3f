"""The event store and its projections.

``events`` knows Redis and the game registry, never Flask or Celery: the pure parts
(envelope, projection, turn machinery, local table) work without any server, the
store and repository add Redis Streams behind them.
"""
