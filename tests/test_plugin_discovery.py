"""Plugins: an installed package found through its entry point end to end, local modules, the
autoload switch, duplicate names, unknown names, `pip install` hints, and a plugin subcommand
imported only when it runs."""

from __future__ import annotations

import json
import textwrap

import pytest
from lmeval.errors import PluginError, UsageError
from lmeval.plugins import PluginManager
from lmeval_system_helpers import run_cli

pytest.importorskip("lmeval_example_plugin", reason="tests/plugin_example is installed by scripts/test.sh")


def test_installed_example_plugin_is_discovered_and_runs(tmp_path):
    proc = run_cli("ls", "plugins")
    assert proc.returncode == 0
    assert "lmeval-example-plugin" in proc.stdout
    models = run_cli("ls", "models").stdout
    assert "example-echo" in models and "lmeval-example-plugin" in models
    proc = run_cli("run", "--model", "example-echo", "--tasks", "example_group",
                   "--output_path", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "example_group" in proc.stdout and "exact_length" in proc.stdout
    tasks = run_cli("ls", "tasks").stdout
    assert "example_copy" in tasks


def test_autoload_switch_hides_entry_points():
    proc = run_cli("ls", "models", env={"LMEVAL_DISABLE_AUTOLOAD": "1"})
    assert "example-echo" not in proc.stdout
    assert "dummy" in proc.stdout  # built-ins are always there
    allow = run_cli("ls", "plugins", env={"LMEVAL_PLUGINS_ALLOW": "lmeval-example-plugin"}).stdout
    assert "lmeval-example-plugin" in allow


def test_local_plugin_file_via_flag_and_env(tmp_path):
    plugin = tmp_path / "myplug.py"
    plugin.write_text(textwrap.dedent("""
        from lmeval.hookspecs import hookimpl
        from lmeval.testing import ReferenceLM

        @hookimpl
        def lmeval_register_models(register):
            register("my-local", ReferenceLM)
    """))
    assert "my-local" in run_cli("ls", "models", "--plugins", str(plugin)).stdout
    assert "my-local" in run_cli("ls", "models", env={"LMEVAL_PLUGINS": str(plugin)}).stdout


class _Dup:
    __name__ = "dup_plugin"

    @staticmethod
    def lmeval_register_models(register):
        register("dummy", object)


def test_duplicate_name_names_both_plugins():
    from lmeval.hookspecs import hookimpl

    dup = _Dup()
    dup.lmeval_register_models = hookimpl(_Dup.lmeval_register_models)
    pm = PluginManager(autoload=False, plugins=[])
    pm.register(dup, name="dup_plugin", distribution="dup-dist")
    with pytest.raises(PluginError) as err:
        pm.models  # noqa: B018
    assert "lmeval.testing" in str(err.value) and "dup_plugin" in str(err.value)


def test_unknown_backend_suggests_and_known_backend_names_package():
    pm = PluginManager(autoload=False)
    with pytest.raises(UsageError, match="did you mean 'dummy'"):
        pm.model_factory("dumy")
    with pytest.raises(UsageError, match="pip install lmeval-vllm"):
        pm.model_factory("vllm")
    proc = run_cli("run", "--model", "vllm", "--tasks", "example_copy", env={"LMEVAL_DISABLE_AUTOLOAD": "1"})
    assert proc.returncode == 2 and "pip install lmeval-vllm" in proc.stderr


def test_unsupported_request_kind_fails_before_any_call(tmp_path):
    proc = run_cli("run", "--model", "example-echo", "--tasks", "example_copy,my_rolling",
                   "--include_path", str(_rolling_task(tmp_path)))
    # a usage error (the backend cannot serve the task): one line, exit 2, no traceback
    assert proc.returncode == 2, proc.stderr
    assert "does not support loglikelihood_rolling" in proc.stderr and "example-echo" in proc.stderr
    assert "Traceback" not in proc.stderr


def _rolling_task(tmp_path):
    (tmp_path / "d.jsonl").write_text('{"text": "a b c"}\n')
    (tmp_path / "r.yaml").write_text(textwrap.dedent("""
        task: my_rolling
        dataset_path: json
        dataset_kwargs: {data_files: {test: d.jsonl}}
        test_split: test
        output_type: loglikelihood_rolling
        doc_to_target: text
    """))
    return tmp_path


def test_installed_reporter_is_chosen_with_the_reporter_flag(tmp_path):
    log = tmp_path / "runs.jsonl"
    base = ("run", "--model", "example-echo", "--tasks", "example_group")
    proc = run_cli(*base, "--reporter", f"example-jsonl:path={log}")
    assert proc.returncode == 0, proc.stderr
    line = json.loads(log.read_text().strip())
    assert "example_copy" in line["results"] and "example_copy" in line["versions"]

    unknown = run_cli(*base, "--reporter", "example-jsonn")
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    assert "unknown reporter 'example-jsonn'" in unknown.stderr and "example-jsonl" in unknown.stderr
    bad = run_cli(*base, "--reporter", "example-jsonl:paht=x")
    assert bad.returncode == 2 and "--reporter example-jsonl:" in bad.stderr and "paht" in bad.stderr


def test_task_pack_ships_a_python_task(tmp_path):
    proc = run_cli("run", "--model", "example-echo", "--tasks", "example_shout", "--limit", "2",
                   "--log_samples", "--output_path", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    (samples,) = tmp_path.rglob("samples_example_shout_*.jsonl")
    first = json.loads(samples.read_text().splitlines()[0])
    prompt = first["arguments"]["gen_args_0"]["arg_0"]  # lm-eval's samples layout
    assert prompt.startswith("REPEAT AFTER ME: ") and prompt == prompt.upper()


def test_class_must_name_a_task_subclass(tmp_path):
    (tmp_path / "helpers.py").write_text("class NotATask:\n    pass\n")
    (tmp_path / "rows.jsonl").write_text('{"q": "x", "a": "y"}\n')
    (tmp_path / "bad.yaml").write_text(
        "task: bad_class\nclass: !function helpers.NotATask\ndataset_path: json\n"
        "dataset_kwargs:\n  data_files:\n    test: rows.jsonl\ntest_split: test\n"
        "output_type: generate_until\ndoc_to_text: q\ndoc_to_target: a\n")
    proc = run_cli("run", "--model", "dummy", "--tasks", "bad_class", "--include_path", str(tmp_path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{tmp_path / 'bad.yaml'}:2: class: " in proc.stderr
    assert "not a subclass of lmeval.tasks.task.Task" in proc.stderr


_PROBE = """
import sys
from lmeval.cli import main
try:
    code = main(sys.argv[1:])
finally:  # --help exits inside argparse
    print("COMMAND MODULE IMPORTED:", "lmeval_example_plugin.words" in sys.modules, file=sys.stderr)
raise SystemExit(code)
"""


def _probe(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, timeout=300)


def test_installed_plugin_subcommand_runs_and_is_imported_only_when_invoked(tmp_path):
    proc = _probe("example-words", "--upper")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["APPLE", "BANANA!", "CHERRY"]
    assert "COMMAND MODULE IMPORTED: True" in proc.stderr
    listing = run_cli("--help").stdout
    assert "example-words" in listing and "print the words of the example task's data" in listing
    for args in (("ls", "tasks"), ("ls", "models"), ("--help",),
                 ("run", "--model", "example-echo", "--tasks", "example_copy", "--limit", "1")):
        proc = _probe(*args)
        assert proc.returncode == 0, (args, proc.stderr)
        assert "COMMAND MODULE IMPORTED: False" in proc.stderr, args
    typo = run_cli("example-word")
    assert typo.returncode == 2 and "did you mean 'example-words'" in typo.stderr
    hidden = run_cli("example-words", env={"LMEVAL_DISABLE_AUTOLOAD": "1"})
    assert hidden.returncode == 2 and "unknown subcommand 'example-words'" in hidden.stderr
