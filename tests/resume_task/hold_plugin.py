"""A plugin for the resume tests (``LMEVAL_PLUGINS``): once the reference LM of this process has
reported ``LMEVAL_TEST_HOLD_AFTER`` answers, its next request "takes" up to 5 minutes.

A test that stops a run once the cache holds N answers used to race the run's end: 70 answers
before the end, the run finished ~0.3 s after the cache reached N, and a poller late by that
much on a loaded machine signalled a finished run. Holding at N lets the signal land mid-run
however late the poller is; the run itself (scheduler, cache, the signal's handling) is the
real one.
"""

from __future__ import annotations

import os
import time

from lmeval.testing import ReferenceLM

HOLD_S = 300.0

if not getattr(ReferenceLM, "_test_hold_installed", False):  # loaded once per plugin manager
    _answered = ReferenceLM._answered
    _done = [0]

    def _answered_then_hold(self, index, answer):
        _answered(self, index, answer)
        _done[0] += 1
        if _done[0] == int(os.environ.get("LMEVAL_TEST_HOLD_AFTER") or 0):
            deadline = time.monotonic() + HOLD_S
            while time.monotonic() < deadline:  # the test's signal ends this
                time.sleep(0.05)

    ReferenceLM._answered = _answered_then_hold
    ReferenceLM._test_hold_installed = True
