"""Celery workers: system work (round scoring), bot moves, snapshots.

Tasks import no Flask app and build their Celery app in a factory
(:mod:`worker.app`); they meet the web app only in the event store and the queue.
"""
