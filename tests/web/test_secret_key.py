"""The session signing key: from the environment, else generated once per data dir."""

from __future__ import annotations

import dataclasses
import os
import stat

from events.settings import Settings
from service.web import secret_key


def test_explicit_key_wins(tmp_path):
    settings = dataclasses.replace(Settings.from_env(), data_dir=tmp_path, secret_key="from-env")
    assert secret_key(settings) == "from-env"
    assert not (tmp_path / "secret_key").exists()


def test_generated_key_is_kept_in_the_data_dir(tmp_path):
    settings = dataclasses.replace(Settings.from_env(), data_dir=tmp_path / "data", secret_key="")
    first = secret_key(settings)
    assert len(first) >= 40
    path = tmp_path / "data" / "secret_key"
    assert path.read_text() == first
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert secret_key(settings) == first  # a restart keeps the sessions valid


def test_env_variable_is_read(monkeypatch):
    monkeypatch.setenv("STELLWERK_SECRET_KEY", "abc")
    assert Settings.from_env().secret_key == "abc"
