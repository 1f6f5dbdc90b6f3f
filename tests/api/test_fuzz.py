"""Hypothesis: nothing a client sends gets a 500, and a refused command changes nothing."""

from __future__ import annotations

import dataclasses

import fakeredis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.settings import Settings
from service import create_app

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
command_types = st.sampled_from(["Add", "Draw", "ConfirmTurn", "Undo", "RequestUndo", "AcceptUndo",
                                 "DeclineUndo", "ScoreRound", "Nope"]) | st.text(min_size=1, max_size=12)
well_shaped = st.fixed_dictionaries({
    "command": st.fixed_dictionaries({"type": command_types,
                                      "args": st.dictionaries(st.sampled_from(["n", "to_seq", "x"]), json_values,
                                                              max_size=2)}),
    "expected_seq": st.integers(0, 8),
    "command_id": st.from_regex(r"^[a-z0-9]{1,12}$", fullmatch=True),
})
bodies = well_shaped | json_values


def make_app():
    settings_ = dataclasses.replace(Settings.from_env(), key_prefix="fuzz", rate_commands="100000 per second",
        rate_public="100000 per second")
    app = create_app(settings_, fakeredis.FakeRedis(), send_task=False)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "tally", "seats": [{"name": "a"}, {"name": "b"}]}).json
    return client, created["id"], {s["seat"]: s["token"] for s in created["seats"]}


CLIENT, GAME_ID, TOKENS = make_app()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=bodies, seat=st.sampled_from(["p1", "p2", None, "forged"]))
def test_commands_never_500_and_refusals_change_nothing(body, seat):
    headers = {}
    if seat == "forged":
        headers["Authorization"] = "Bearer forged"
    elif seat:
        headers["Authorization"] = f"Bearer {TOKENS[seat]}"
    before = CLIENT.get(f"/api/games/{GAME_ID}", headers={"Authorization": f"Bearer {TOKENS['p1']}"}).json
    r = CLIENT.post(f"/api/games/{GAME_ID}/commands", json=body, headers=headers)
    assert r.status_code in {200, 201, 400, 401, 409, 422}, (r.status_code, r.json)
    assert "error" in r.json or r.status_code in {200, 201}
    after = CLIENT.get(f"/api/games/{GAME_ID}", headers={"Authorization": f"Bearer {TOKENS['p1']}"}).json
    if r.status_code >= 400:
        assert after["seq"] == before["seq"] and after["view"] == before["view"]


@settings(max_examples=150, deadline=None)
@given(body=json_values)
def test_create_never_500(body):
    r = CLIENT.post("/api/games", json=body)
    assert r.status_code in {201, 400, 422}, (r.status_code, r.json)


@settings(max_examples=100, deadline=None)
@given(query=st.dictionaries(st.sampled_from(["seq", "lang", "player", "limit", "token"]),
                             st.text(max_size=8), max_size=3))
def test_query_strings_never_500(query):
    for path in (f"/api/games/{GAME_ID}/replay", "/api/games", f"/api/games/{GAME_ID}/texts"):
        r = CLIENT.get(path, query_string=query)
        assert r.status_code in {200, 400, 401}, (path, query, r.status_code)
