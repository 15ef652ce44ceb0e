"""What ``path`` holds, and which parallel layouts ``nemo_lm`` runs (reference 000:277-313).

Checkpoints:

* **NeMo 2** — a directory with ``context/`` and ``weights/`` (what ``llm.import_ckpt`` and
  NeMo 2 training write; often named ``*.nemo``). Loaded with NeMo 2's
  ``nemo.collections.llm.inference.setup_model_and_tokenizer``.
* **NeMo 1** — a ``.nemo`` tar archive, or the directory it unpacks to, with
  ``model_config.yaml`` and ``model_weights*``. Loaded with ``MegatronGPTModel.restore_from``
  from ``nemo.collections.nlp`` (nemo-toolkit before 2.5.1). Unpacking it first
  (``mkdir M && tar -xvf M.nemo -C M``) avoids an unpack to a temporary directory on every run.

Parallelism: one GPU by default; ``devices=N`` data replicas (TP = PP = 1); or tensor and/or
pipeline parallelism with ``devices = TP x PP``. Not supported: more than one node, and data
replication combined with TP/PP.
"""

from __future__ import annotations

import tarfile
from dataclasses import dataclass
from pathlib import Path

from lmeval.errors import UsageError

NEMO1_CONFIG = "model_config.yaml"


@dataclass(frozen=True)
class Checkpoint:
    path: Path
    format: str  # "nemo2" or "nemo1"
    archive: bool = False  # a NeMo 1 .nemo tar file (not unpacked)


def detect_checkpoint(path: str) -> Checkpoint:
    p = Path(path).expanduser()
    if not p.exists():
        raise UsageError(f"nemo_lm: path={path!r} does not exist")
    if p.is_dir():
        if (p / "context").is_dir() and (p / "weights").is_dir():
            return Checkpoint(p, "nemo2")
        if (p / NEMO1_CONFIG).is_file():
            return Checkpoint(p, "nemo1")
        found = sorted(x.name for x in p.iterdir())[:8]
        raise UsageError(
            f"nemo_lm: {path!r} is neither a NeMo 2 checkpoint (context/ and weights/) nor an "
            f"unpacked NeMo 1 model ({NEMO1_CONFIG}); it holds: {', '.join(found) or 'nothing'}")
    if not tarfile.is_tarfile(p):
        raise UsageError(f"nemo_lm: {path!r} is a file but not a .nemo (tar) archive")
    with tarfile.open(p) as tar:
        names = {n.lstrip("./").split("/")[0] for n in tar.getnames()}
    if NEMO1_CONFIG in names:
        return Checkpoint(p, "nemo1", archive=True)
    if {"context", "weights"} <= names:
        raise UsageError(
            f"nemo_lm: {path!r} is a packed NeMo 2 checkpoint; unpack it and pass the "
            f"directory: mkdir MODEL && tar -xvf {p.name} -C MODEL")
    raise UsageError(f"nemo_lm: the archive {path!r} has no {NEMO1_CONFIG} (not a .nemo model)")


@dataclass(frozen=True)
class Plan:
    devices: int
    tensor: int = 1
    pipeline: int = 1

    @property
    def data_parallel(self) -> bool:
        return self.devices > 1 and self.tensor == 1 and self.pipeline == 1

    @property
    def model_parallel(self) -> bool:
        return self.tensor * self.pipeline > 1


def plan_parallelism(devices: int = 1, tensor: int = 1, pipeline: int = 1,
                     num_nodes: int = 1) -> Plan:
    for name, value in (("devices", devices), ("tensor_model_parallel_size", tensor),
                        ("pipeline_model_parallel_size", pipeline), ("num_nodes", num_nodes)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise UsageError(f"nemo_lm: {name} must be a positive integer, got {value!r}")
    if num_nodes > 1:
        raise UsageError("nemo_lm: multi-node evaluation is not supported; set num_nodes=1")
    if tensor == 1 and pipeline == 1:
        return Plan(devices)
    if tensor * pipeline != devices:
        raise UsageError(
            f"nemo_lm: devices={devices} must equal tensor_model_parallel_size x "
            f"pipeline_model_parallel_size = {tensor} x {pipeline} = {tensor * pipeline}; data "
            "replication combined with tensor/pipeline parallelism is not supported")
    return Plan(devices, tensor, pipeline)
