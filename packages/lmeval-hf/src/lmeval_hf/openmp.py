"""How long torch's OpenMP threads spin before they sleep; imported before torch (side effect).

torch's CPU wheels use GNU OpenMP (libgomp). Between parallel regions its idle threads busy-wait
for ``GOMP_SPINCOUNT`` iterations (300,000 by default: milliseconds) before sleeping. That is
right on a machine the run has to itself. When other processes share the cores, a thread that
waits for a descheduled peer spins through its time slice instead of giving the core up (libgomp
only throttles when its *own* threads outnumber the CPUs), and a decoding loop of many small
parallel regions, transformers' ``generate`` on CPU, slows down by whole multiples: gsm8k-format
generation on the parity benchmark's small Llama took 49-126 s instead of 7 s at load 6-8 on two
cores, with 10x the CPU time (benchmarks/README.md, "Generation pairs"). lm-eval 0.4.13 has the
same exposure.

lmeval-hf sets ``GOMP_SPINCOUNT`` to :data:`SPIN_COUNT` when it is imported before torch and the
environment names no wait policy of its own (``OMP_WAIT_POLICY`` or ``GOMP_SPINCOUNT``): threads
spin briefly, then sleep. The thread count and the work each thread does are unchanged, so
results are identical to the bit. Set ``OMP_WAIT_POLICY=ACTIVE`` (or any ``GOMP_SPINCOUNT``) to
keep libgomp's own behaviour.
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping

#: spins before a waiting libgomp thread sleeps (libgomp's default when undefined: 300,000)
SPIN_COUNT = "3000"
#: variables through which a user chooses the wait policy: when one is set, lmeval-hf stays out
USER_SETTINGS = ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")


def short_spin(environ: MutableMapping[str, str] | None = None,
               modules: dict | None = None) -> bool:
    """Set ``GOMP_SPINCOUNT`` unless torch is loaded already or the user chose a wait policy;
    True when it was set."""
    environ = os.environ if environ is None else environ
    modules = sys.modules if modules is None else modules
    if "torch" in modules or any(name in environ for name in USER_SETTINGS):
        return False
    environ["GOMP_SPINCOUNT"] = SPIN_COUNT
    return True


short_spin()
