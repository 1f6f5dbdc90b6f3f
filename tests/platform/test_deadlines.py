"""Turn deadlines: which notice is due when."""

from events.deadlines import MISSED, REMINDER, due_notice


def test_no_deadline_no_notice():
    assert due_notice(now=10_000, last_activity=0, deadline_s=None) is None


def test_reminder_after_half_then_missed():
    day = 86400
    assert due_notice(now=day * 0.49, last_activity=0, deadline_s=day) is None
    assert due_notice(now=day * 0.5, last_activity=0, deadline_s=day) == REMINDER
    assert due_notice(now=day - 1, last_activity=0, deadline_s=day) == REMINDER
    assert due_notice(now=day, last_activity=0, deadline_s=day) == MISSED


def test_reminder_fraction_is_configurable():
    assert due_notice(now=80, last_activity=0, deadline_s=100, reminder_fraction=0.9) is None
    assert due_notice(now=90, last_activity=0, deadline_s=100, reminder_fraction=0.9) == REMINDER
