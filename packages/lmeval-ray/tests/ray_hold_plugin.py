"""A plugin for the driver of ``lmeval run --executor ray`` in tests (``LMEVAL_PLUGINS``): once
the pool has handed ``LMEVAL_TEST_HOLD_AFTER`` answers to the response cache, the driver holds
(up to 5 minutes) before it hands out more work, so a test's kill or Ctrl-C lands mid-run.

Polling the cache and signalling raced the run's end (~1 s of work left at the stop point).
Holding at the awaited count leaves the pool, the replicas and the cache as they are mid-run.
"""

from __future__ import annotations

import os
import time

from lmeval_ray.pool import RayPool

HOLD_S = 300.0

if not getattr(RayPool, "_test_hold_installed", False):  # loaded once per plugin manager
    _report = RayPool.report_answers
    _state = {"reported": 0, "held": False}

    def _report_then_hold(self, answers):
        _report(self, answers)
        _state["reported"] += len(answers)
        hold_after = int(os.environ.get("LMEVAL_TEST_HOLD_AFTER") or 0)
        if hold_after and _state["reported"] >= hold_after and not _state["held"]:
            _state["held"] = True
            deadline = time.monotonic() + HOLD_S
            while time.monotonic() < deadline:  # the test's signal ends this
                time.sleep(0.05)

    RayPool.report_answers = _report_then_hold
    RayPool._test_hold_installed = True
