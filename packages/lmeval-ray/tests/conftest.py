"""A real Ray cluster on this machine for the module's tests (a head node, worker processes,
nodes added by the elasticity test), and a small task: 60 documents, 240 loglikelihood and 60
generation requests, all distinct."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest
from ray_testenv import DOCS, TOTAL, replica_pids  # noqa: F401

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install lmeval-ray installs it)")


MC = """\
task: ray_mc
dataset_path: json
dataset_kwargs:
  data_files:
    test: docs.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Question {{n}}: which word follows {{q}}?\\nAnswer:"
doc_to_choice: "{{choices}}"
doc_to_target: answer
metric_list:
  - metric: acc
  - metric: acc_norm
"""

GEN = """\
task: ray_gen
dataset_path: json
dataset_kwargs:
  data_files:
    test: docs.jsonl
test_split: test
output_type: generate_until
doc_to_text: "Say the word after {{q}} (item {{n}}):"
doc_to_target: "{{choices[answer]}}"
generation_kwargs:
  until: ["\\n"]
  max_gen_toks: 6
  do_sample: false
metric_list:
  - metric: exact_match
"""

WORDS = ["river", "stone", "light", "cloud", "green", "quiet", "north", "apple", "table", "music"]


@pytest.fixture(scope="session")
def ray_tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("ray-tasks")
    with open(directory / "docs.jsonl", "w", encoding="utf-8") as fh:
        for n in range(DOCS):
            choices = [WORDS[(n + k) % len(WORDS)] for k in range(4)]
            fh.write(json.dumps({"n": n, "q": WORDS[n % len(WORDS)] + "s" * (n % 5),
                                 "choices": choices, "answer": n % 4}) + "\n")
    (directory / "ray_mc.yaml").write_text(MC, encoding="utf-8")
    (directory / "ray_gen.yaml").write_text(GEN, encoding="utf-8")
    return directory


@pytest.fixture(scope="module")
def ray_cluster(tmp_path_factory: pytest.TempPathFactory):
    """A head node with 3 CPUs on this machine, connected; stopped after the module.

    ``LMEVAL_RAY_TEST_CLUSTER`` marks this cluster's processes (they inherit the environment),
    so a test kills only its own replicas."""
    from ray.cluster_utils import Cluster

    saved = {k: os.environ.get(k) for k in ("LMEVAL_RAY_TEST_CLUSTER", "LMEVAL_CACHE_DIR")}
    os.environ["LMEVAL_RAY_TEST_CLUSTER"] = uuid.uuid4().hex
    os.environ["LMEVAL_CACHE_DIR"] = str(tmp_path_factory.mktemp("lmeval-cache"))
    cluster = Cluster(initialize_head=True, connect=True,
                      head_node_args={"num_cpus": 3, "include_dashboard": False})
    try:
        yield cluster
    finally:
        ray.shutdown()
        cluster.shutdown()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


