"""Megatron checkpoint layouts: which iteration, which format, where the arguments are.

A Megatron-LM save directory (``--save``/``--load``) holds ``latest_checkpointed_iteration.txt``
(an iteration number or ``release``) and one directory per saved iteration
(``iter_0001000`` or ``release``). An iteration directory is in one of two formats:

* **standard** (``torch``): ``mp_rank_XX[_YYY][_ZZZ]/model_optim_rng.pt``, one file per
  tensor (XX), pipeline (YYY) and expert (ZZZ) parallel rank; the layout cannot be changed
  at load time.
* **distributed** (``torch_dist``, ``zarr``): ``*.distcp`` shards, ``.metadata``,
  ``metadata.json`` and ``common.pt``; megatron-core reshards it to any layout.

Both store the training arguments (``args``, an ``argparse.Namespace``) that
``--use-checkpoint-args`` reads the architecture from.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

TRACKER = "latest_checkpointed_iteration.txt"
STANDARD_FILE = "model_optim_rng.pt"
_MP_RANK = re.compile(r"^mp_rank_(\d{2})(?:_(\d{3}))?(?:_(\d{3}))?$")
_ITER = re.compile(r"^iter_(\d+)$")


@dataclass(frozen=True)
class CheckpointInfo:
    """One iteration of a Megatron checkpoint, resolved from ``load`` (and ``ckpt_step``)."""

    directory: Path
    format: str  # "standard" or "distributed"
    iteration: int | None  # None for a release checkpoint

    @property
    def distributed(self) -> bool:
        return self.format == "distributed"


def is_distributed_dir(path: str | os.PathLike[str]) -> bool:
    """A distributed checkpoint: ``*.distcp`` files or megatron's ``metadata.json``."""
    p = Path(path)
    if not p.is_dir():
        return False
    if (p / "metadata.json").is_file():
        return True
    return any(name.endswith(".distcp") for name in os.listdir(p))


def is_standard_dir(path: str | os.PathLike[str]) -> bool:
    p = Path(path)
    return p.is_dir() and any(_MP_RANK.match(d.name) and (d / STANDARD_FILE).is_file()
                              for d in p.iterdir())


def iteration_dir_name(iteration: int | None) -> str:
    return "release" if iteration is None else f"iter_{iteration:07d}"


def resolve_checkpoint(load: str | os.PathLike[str], ckpt_step: int | None = None,
                       use_dist_ckpt: bool | None = None) -> CheckpointInfo:
    """Find the iteration directory to load and detect its format.

    ``load`` is a save directory (with the tracker file or ``iter_*`` directories) or an
    iteration directory itself. ``ckpt_step`` picks an iteration (default: the tracker's, else
    the highest). ``use_dist_ckpt`` overrides format detection.
    """
    root = Path(load).expanduser()
    if not root.exists():
        raise UsageError(f"megatron_lm: load={str(load)!r} does not exist")
    if not root.is_dir():
        raise UsageError(f"megatron_lm: load={str(load)!r} is a file; pass the checkpoint "
                         "directory (the one with latest_checkpointed_iteration.txt or iter_*)")
    directory, iteration = _iteration_directory(root, ckpt_step)
    if use_dist_ckpt is None:
        if is_distributed_dir(directory):
            fmt = "distributed"
        elif is_standard_dir(directory):
            fmt = "standard"
        else:
            raise UsageError(
                f"megatron_lm: {str(directory)!r} holds neither a distributed checkpoint "
                f"(*.distcp, metadata.json) nor a standard one (mp_rank_XX/{STANDARD_FILE})")
    else:
        fmt = "distributed" if use_dist_ckpt else "standard"
    return CheckpointInfo(directory, fmt, iteration)


def _iteration_directory(root: Path, ckpt_step: int | None) -> tuple[Path, int | None]:
    if ckpt_step is not None:
        step = int(ckpt_step)
        if _ITER.match(root.name):
            raise UsageError(f"megatron_lm: ckpt_step={step} needs load to be the save "
                             f"directory, not the iteration directory {str(root)!r}")
        candidate = root / iteration_dir_name(step)
        if not candidate.is_dir():
            found = sorted(d.name for d in root.iterdir() if _ITER.match(d.name))
            raise UsageError(f"megatron_lm: no {candidate.name} in {str(root)!r} (found: "
                             f"{', '.join(found) or 'none'})")
        return candidate, step
    if is_distributed_dir(root) or is_standard_dir(root):
        m = _ITER.match(root.name)
        return root, int(m.group(1)) if m else None
    tracker = root / TRACKER
    if tracker.is_file():
        text = tracker.read_text().strip()
        if text == "release":
            return root / "release", None
        try:
            step = int(text)
        except ValueError:
            raise UsageError(f"megatron_lm: {tracker} holds {text!r}, not an iteration") from None
        candidate = root / iteration_dir_name(step)
        if not candidate.is_dir():
            raise UsageError(f"megatron_lm: {tracker} names iteration {step} but "
                             f"{candidate.name} is missing")
        return candidate, step
    iters = sorted((int(m.group(1)), d) for d in root.iterdir()
                   if d.is_dir() and (m := _ITER.match(d.name)))
    if iters:
        return iters[-1][1], iters[-1][0]
    if (root / "release").is_dir():
        return root / "release", None
    raise UsageError(f"megatron_lm: no checkpoint found in {str(root)!r} (expected {TRACKER}, "
                     "iter_* directories, or the files of one iteration)")


def standard_file(directory: Path, tp_rank: int, tp_size: int, ep_rank: int = 0,
                  ep_size: int = 1) -> Path:
    """This rank's file of a standard checkpoint; the saved layout must equal the run's.

    Megatron-LM names the shards ``mp_rank_{tp:02d}``, plus ``_{pp:03d}`` under pipeline
    parallelism, plus ``_{ep:03d}`` under expert parallelism.
    """
    names = sorted(d.name for d in directory.iterdir()
                   if _MP_RANK.match(d.name) and (d / STANDARD_FILE).is_file())
    want = f"mp_rank_{tp_rank:02d}" + (f"_{ep_rank:03d}" if ep_size > 1 else "")
    saved_tp = 1 + max(int(n[8:10]) for n in names)
    extra = max(n.count("_") for n in names) - 2  # number of _YYY suffixes
    if saved_tp == tp_size and extra == (1 if ep_size > 1 else 0) and want in names:
        return directory / want / STANDARD_FILE
    if extra >= 2 or (extra == 1 and ep_size == 1):
        cause = ("pipeline parallelism" if extra >= 2 else
                 "pipeline or expert parallelism")
        raise UsageError(
            f"megatron_lm: {directory} was saved with {cause} (shards {', '.join(names[:4])}"
            f"{'...' if len(names) > 4 else ''}); this backend loads a standard checkpoint only "
            "with the tensor/expert layout it was saved with and without pipeline stages "
            "(set expert_model_parallel_size if it is an MoE checkpoint)")
    raise UsageError(
        f"megatron_lm: the standard checkpoint {directory} was saved with "
        f"tensor_model_parallel_size={saved_tp} (shards {', '.join(names[:4])}"
        f"{'...' if len(names) > 4 else ''}); a standard checkpoint cannot be resharded, so run "
        f"with that size (the run asks for TP={tp_size}, EP={ep_size}) or convert it to a "
        "distributed checkpoint")


def distributed_backend(directory: Path) -> str | None:
    """``sharded_backend`` of megatron's ``metadata.json`` (``torch_dist``, ``zarr``)."""
    meta = directory / "metadata.json"
    if not meta.is_file():
        return None
    try:
        return json.loads(meta.read_text()).get("sharded_backend")
    except (OSError, ValueError):
        return None


def load_standard(path: Path) -> dict[str, Any]:
    """Read ``model_optim_rng.pt`` on the CPU.

    Megatron pickles an ``argparse.Namespace`` (and enums) next to the weights, so the file
    is loaded with ``weights_only=False``: load checkpoints you trust.
    """
    import torch

    return torch.load(path, map_location="cpu", weights_only=False)


def load_distributed_common(directory: Path) -> dict[str, Any]:
    """The non-tensor part (``common.pt``: args, iteration) of a distributed checkpoint."""
    from megatron.core import dist_checkpointing

    return dist_checkpointing.load_common_state_dict(str(directory))
