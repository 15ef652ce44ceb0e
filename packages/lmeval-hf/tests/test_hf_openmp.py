"""lmeval-hf's OpenMP spin count: set before torch loads, never over the user's own setting."""

from __future__ import annotations

import os
import subprocess
import sys

from lmeval_hf import openmp


def test_short_spin_set_when_nothing_chosen() -> None:
    env: dict[str, str] = {"OMP_NUM_THREADS": "2"}
    assert openmp.short_spin(env, modules={})
    assert env == {"OMP_NUM_THREADS": "2", "GOMP_SPINCOUNT": openmp.SPIN_COUNT}


def test_user_wait_policy_kept() -> None:
    for name, value in (("OMP_WAIT_POLICY", "ACTIVE"), ("GOMP_SPINCOUNT", "300000")):
        env = {name: value}
        assert not openmp.short_spin(env, modules={})
        assert env == {name: value}


def test_too_late_once_torch_is_loaded() -> None:
    env: dict[str, str] = {}
    assert not openmp.short_spin(env, modules={"torch": object()})
    assert env == {}  # libgomp read its settings when torch loaded: nothing would change


def test_backend_import_sets_it_before_torch() -> None:
    """The ``hf`` backend's module is what imports torch in ``lmeval run``: importing it in a
    fresh process leaves the spin count in the environment libgomp reads at load."""
    code = ("import sys, os\n"
            "assert 'torch' not in sys.modules\n"
            "import lmeval_hf.models\n"
            "print(os.environ.get('GOMP_SPINCOUNT'))\n")
    env = {k: v for k, v in os.environ.items() if k not in openmp.USER_SETTINGS}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split() == [openmp.SPIN_COUNT]
    env["OMP_WAIT_POLICY"] = "ACTIVE"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=300)
    assert out.stdout.split() == ["None"]
