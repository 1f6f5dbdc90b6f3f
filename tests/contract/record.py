"""Record the whole games the contract suite replays (18xx's fixtures): one short game
per game and per Russian Railroads tableau and module, written as the exported log
(``<name>.ndjson``, what ``GET /log`` and ``stellwerk selfplay --out`` write) and its
result (``<name>.expected.json``: the result line and the final state's dump).

    .venv/bin/python -m tests.contract.record            # every fixture that is missing
    .venv/bin/python -m tests.contract.record --force NAME ...   # record NAME again

Recording again is for a game whose behaviour is meant to change (a rules fix): say
so in the commit.  An old fixture that stops replaying after a refactor is a bug in the
refactor, not in the fixture.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"


@dataclass(frozen=True)
class Fixture:
    game: str
    name: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    #: What the game must show of its module (see :func:`marks`; "a|b" is either): the
    #: recording tries seeds until a random game does, so a module's fixture plays it.
    shows: tuple[str, ...] = ()

    @property
    def path(self) -> Path:
        return FIXTURES / self.game / f"{self.name}.ndjson"

    @property
    def expected_path(self) -> Path:
        return FIXTURES / self.game / f"{self.name}.expected.json"


#: Two players where the game allows it (small files); Steam three (its minimum) and
#: three rounds (the ``rounds`` option the lobby does not offer, for short games).
FIXTURES_LIST = [
    Fixture("russian_railroads", "base-2p", 2),
    Fixture("russian_railroads", "deutschland-2p", 2, {"tableau": "deutschland"},
            ("ExtensionLaid", "IncomeMarkerTaken|IncomeMarkerUsed")),
    Fixture("russian_railroads", "usa-2p", 2, {"tableau": "usa"}, ("SteelMillTaken", "DividendTileLaid")),
    Fixture("russian_railroads", "coal-2p", 2, {"coal": True}, ("CoalTaken", "FoundryUsed", "BoilerAttached")),
    Fixture("russian_railroads", "dsp-2p", 2, {"dsp": True},
            ("OpenQuestionTokenTaken", "LudmillaChosen|OlgaWorkerPlaced")),
    Fixture("russian_railroads", "new-engineers-2p", 2, {"new_engineers": True},
            ("space:engineer_305|space:engineer_306|space:engineer_315|space:engineer_390",)),
    Fixture("russian_railroads", "new-q-2p", 2, {"new_q": True},
            ("token:coins_4|token:end_card_and_q_card|card:revaluation_de",)),
    Fixture("russian_railroads", "emil-solo", 1, {"solo": True}, ("EmilTookEngineer", "EmilTookTile")),
    Fixture("steam", "ne-usa-base-3p", 3, {"map": "ne_usa_se_canada", "mode": "base", "rounds": 3}),
    Fixture("steam", "ne-usa-expert-3p", 3, {"map": "ne_usa_se_canada", "mode": "expert", "rounds": 3}),
    Fixture("steam", "rhine-ruhr-base-3p", 3, {"map": "rhine_ruhr", "mode": "base", "rounds": 3}),
    Fixture("steam", "rhine-ruhr-expert-3p", 3, {"map": "rhine_ruhr", "mode": "expert", "rounds": 3}),
    Fixture("railroad_dice", "base-2p", 2),
    # First Class is always played with modules A (contracts) and B (celebrities, postcards).
    Fixture("first_class", "modules-a-b-2p", 2, {}, ("EndCardRevealed",)),
]


def marks(log: Any) -> set[str]:
    """What a log shows: its event types, the spaces workers went to (``space:…``), the
    ?-tokens and ?-cards taken (``token:…``, ``card:…``)."""
    out = set()
    for env in log:
        out.add(env.type)
        for name in ("space", "token", "card"):
            if name in env.payload and isinstance(env.payload[name], str):
                out.add(f"{name}:{env.payload[name]}")
    return out


def shows(fixture: Fixture, log: Any) -> list[str]:
    """The requirements of ``fixture.shows`` that ``log`` does not meet."""
    seen = marks(log)
    return [want for want in fixture.shows if not set(want.split("|")) & seen]


def expected(projection: Any) -> dict[str, Any]:
    from events.summary import result_line

    result = result_line(projection)
    return {**result, "state": json.loads(json.dumps(projection.game.dump_state(projection.live), default=str))}


def record(fixture: Fixture) -> None:
    from events.logfile import check_and_fold, read_file
    from service.api.history import ndjson

    from .play import play
    from .presets import Preset

    preset = Preset(fixture.game, fixture.players, fixture.options)
    for attempt in range(200):
        played = play(preset, f"{preset.seed}-{attempt}" if attempt else None)
        if not shows(fixture, played.table.log):
            break
    else:
        raise SystemExit(f"{fixture.name}: no random game in 200 shows {shows(fixture, played.table.log)}")
    fixture.path.parent.mkdir(parents=True, exist_ok=True)
    fixture.path.write_text(ndjson(played.table.log), encoding="utf-8")
    replayed = check_and_fold(read_file(fixture.path))
    fixture.expected_path.write_text(json.dumps(expected(replayed), indent=1, sort_keys=True) + "\n",
                                     encoding="utf-8")
    print(f"{fixture.path.relative_to(FIXTURES)}: {replayed.seq} events, "
          f"{fixture.path.stat().st_size // 1024} KiB", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--force", nargs="*", default=None, metavar="NAME",
                        help="record these fixtures again (game/name or name; none named: all)")
    args = parser.parse_args()
    from tests import conftest  # noqa: F401  (registers the fixture game like the tests do)

    for fixture in FIXTURES_LIST:
        named = args.force is not None and (not args.force or fixture.name in args.force
                                            or f"{fixture.game}/{fixture.name}" in args.force)
        if named or not fixture.path.exists():
            record(fixture)


if __name__ == "__main__":
    main()
