"""The behaviour digests of every engine (``digests.py``: the benchmark scripts'
``--digest --games 5``), in CI: a change of any game's behaviour, on purpose or not,
fails here until ``digests.json`` is computed again and committed with the reason."""

from __future__ import annotations

import pytest

from .digests import EXPECTED, cases, compute, expected


def test_every_case_has_an_expected_digest():
    assert set(expected()) == set(cases())


@pytest.mark.parametrize("case", cases())
def test_the_behaviour_digest_is_unchanged(case):
    assert compute(case) == expected()[case], (
        f"{case} behaves differently from the committed digest ({EXPECTED.name}). A refactor or an "
        "optimisation must not change behaviour; if the change is meant (a rules fix), run "
        "`.venv/bin/python -m tests.contract.digests --update` and commit digests.json with the reason.")
