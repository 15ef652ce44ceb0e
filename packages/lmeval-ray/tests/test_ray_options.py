"""``--executor ray:...`` options a person mistypes: every bad value of every option is one
usage error naming the option, raised before Ray starts (no cluster in these tests)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lmeval.errors import UsageError
from lmeval.run.executors import parse_executor

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install lmeval-ray installs it)")
from lmeval_ray.pool import RayPool  # noqa: E402

INTEGER = ("replicas", "batch", "in_flight", "restarts", "min_ready")
NUMBER = ("num_cpus", "num_gpus", "load_timeout")
NOT_NUMBERS = ["nan", "NaN", "inf", "-inf", "1e400", "-1e400", "two", "", "true", "False", "[1]",
               "0x10", "1,5"]
NOT_INTEGERS = ["2.5", "1e-3", "0.999"]


def _cases() -> list[tuple[str, str]]:
    cases = [(k, v) for k in (*INTEGER, *NUMBER) for v in NOT_NUMBERS if not (v == "1,5")]
    cases += [(k, v) for k in INTEGER for v in NOT_INTEGERS]
    cases += [(k, "-1") for k in (*INTEGER, *NUMBER)]
    cases += [(k, "0") for k in ("replicas", "batch", "in_flight", "min_ready")]
    return cases


@pytest.mark.parametrize("option, value", _cases())
def test_a_bad_option_value_is_a_usage_error_before_ray_starts(option, value):
    name, options = parse_executor(f"ray:{option}={value}")
    assert name == "ray"
    with pytest.raises(UsageError, match=rf"^--executor ray: {option}: expected (an integer|a finite "
                                         rf"number) >= \d, got "):
        RayPool(model="dummy", model_args={}, run_options={}, **options)
    assert not ray.is_initialized()


@pytest.mark.parametrize("spec, message", [
    ("ray:num_gpus=nan", "--executor ray: num_gpus: expected a finite number >= 0, got nan"),
    ("ray:in_flight=1e400", "--executor ray: in_flight: expected an integer >= 1, got inf"),
    ("ray:load_timeout=inf", "--executor ray: load_timeout: expected a finite number >= 0, got inf"),
    ("ray:replcas=2", "no option 'replcas' (did you mean 'replicas'?)"),
    ("ray:Replicas=2", "no option 'Replicas' (did you mean 'replicas'?)"),
    ("ray:num-cpus=2", "no option 'num-cpus' (did you mean 'num_cpus'"),
    ("raay:replicas=2", "unknown executor 'raay' (did you mean 'ray'?)"),
])
def test_cli_bad_executor_spec_exits_2_in_one_line(tmp_path, spec, message):
    (tmp_path / "docs.jsonl").write_text('{"q": "a", "a": "b"}\n')
    (tmp_path / "t.yaml").write_text("task: ray_opt\ndataset_path: json\ndataset_kwargs:\n  data_files:\n"
                                     "    test: docs.jsonl\ntest_split: test\noutput_type: generate_until\n"
                                     "doc_to_text: '{{q}}'\ndoc_to_target: '{{a}}'\n")
    done = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks",
                           "ray_opt", "--include_path", str(tmp_path), "--executor", spec],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("lmeval: error:")]
    assert len(errors) == 1 and message in errors[0], done.stderr
    assert "Traceback" not in done.stderr and "Ray" not in done.stderr.replace("--executor ray", "")


@pytest.mark.parametrize("address", ["notanaddress", "http://x:1/", "host:99999", "host:0", "host:",
                                     ":6379", "ray://", "ray://host", "host:port", "a/b:1"])
def test_a_malformed_address_is_a_usage_error_before_ray_starts(address):
    with pytest.raises(UsageError, match=r"expected local, auto, host:port .* or ray://host:port"):
        RayPool(model="dummy", model_args={}, run_options={}, address=address)
    assert not ray.is_initialized()


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_address_where_nothing_listens_fails_in_seconds(scheme):
    """Before: Ray retried a dead GCS address for minutes, or raised ConnectionError."""
    import time

    start = time.monotonic()
    with pytest.raises(UsageError, match="nothing answers at address="):
        RayPool(model="dummy", model_args={}, run_options={}, address=f"{scheme}127.0.0.1:{_closed_port()}")
    assert time.monotonic() - start < 10 and not ray.is_initialized()
