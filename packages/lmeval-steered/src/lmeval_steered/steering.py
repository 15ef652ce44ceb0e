"""Steering configs and the forward hooks that apply them.

A steering config maps a hookpoint (a module name under the model's ``base_model``, such as
``layers.3``) to a dict with ``steering_vector`` (a tensor of the module's output width),
``action`` (``add`` or ``clamp``), ``steering_coefficient`` (default 1.0), and optionally
``bias`` (``clamp`` only) and ``head_index`` (edits one head of a ``[batch, pos, heads, dim]``
output). ``add`` adds ``coefficient * vector`` at every position; ``clamp`` sets the
activation's component along the unit vector to ``coefficient`` (after removing ``bias``).
"""

from __future__ import annotations

import contextlib
import csv
import logging
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import torch
from lmeval.errors import UsageError
from lmeval.requires import require

log = logging.getLogger("lmeval.steered")

Steer = Callable[[torch.Tensor], torch.Tensor]


def add(acts: torch.Tensor, vector: torch.Tensor, head_index: int | None) -> torch.Tensor:
    """``acts + vector`` at every position (only head ``head_index`` when given)."""
    if head_index is not None:
        acts[:, :, head_index, :] = acts[:, :, head_index, :] + vector
        return acts
    return acts + vector


def clamp(acts: torch.Tensor, direction: torch.Tensor, value: float, head_index: int | None,
          bias: torch.Tensor | None = None) -> torch.Tensor:
    """Set the component of ``acts`` along unit ``direction`` to ``value``."""
    if bias is not None:
        acts = acts - bias
    if head_index is not None:
        x = acts[:, :, head_index, :]
        proj = (x * direction).sum(dim=-1, keepdim=True)
        clamped = acts.clone()
        clamped[:, :, head_index, :] = x + direction * (value - proj)
    else:
        proj = torch.sum(acts * direction, dim=-1, keepdim=True)
        clamped = acts + direction * (value - proj)
    return clamped + bias if bias is not None else clamped


def build_steers(config: Mapping[str, Mapping[str, Any]], *, device: Any,
                 dtype: torch.dtype) -> dict[str, Steer]:
    """Hookpoint → function applied to that module's output."""
    steers: dict[str, Steer] = {}
    for hookpoint, info in config.items():
        if "steering_vector" not in info:
            raise UsageError(f"steering config for {hookpoint!r} has no steering_vector")
        action = info.get("action") or "add"
        vector = torch.as_tensor(info["steering_vector"]).to(device=device, dtype=dtype)
        coefficient = float(info.get("steering_coefficient", 1.0))
        head_index = info.get("head_index")
        head_index = None if head_index is None or head_index == "" else int(head_index)
        bias = info.get("bias")
        if bias is not None:
            bias = torch.as_tensor(bias).to(device=device, dtype=dtype)
        if action == "add":
            if bias is not None:
                raise UsageError(f"steering config for {hookpoint!r}: bias is not supported "
                                 "with action 'add'")
            steers[hookpoint] = partial(add, vector=vector * coefficient, head_index=head_index)
        elif action == "clamp":
            steers[hookpoint] = partial(clamp, direction=vector / torch.norm(vector),
                                        value=coefficient, bias=bias, head_index=head_index)
        else:
            raise UsageError(f"steering config for {hookpoint!r}: unknown action {action!r} "
                             "(use 'add' or 'clamp')")
    return steers


def hook_modules(model: Any, hookpoints: list[str]) -> dict[str, torch.nn.Module]:
    """The modules named by ``hookpoints`` under ``model.base_model``; unknown names fail."""
    modules = dict(model.base_model.named_modules())
    missing = [h for h in hookpoints if h not in modules]
    if missing:
        sample = ", ".join(n for n in list(modules)[:8] if n)
        raise UsageError(f"steering hookpoints not found in the model: {missing} "
                         f"(module names look like: {sample}, ...)")
    return {h: modules[h] for h in hookpoints}


@contextlib.contextmanager
def steer(modules: Mapping[str, torch.nn.Module], steers: Mapping[str, Steer]) -> Iterator[None]:
    """Forward hooks that replace each hooked module's output (first item of a tuple)."""
    def make(fn: Steer) -> Callable[..., Any]:
        def hook(module: torch.nn.Module, args: Any, output: Any) -> Any:
            if isinstance(output, tuple):
                return (fn(output[0]), *output[1:])
            return fn(output)
        return hook

    handles = [modules[name].register_forward_hook(make(fn)) for name, fn in steers.items()]
    try:
        yield
    finally:
        for handle in handles:
            handle.remove()


# --------------------------------------------------------------------------- loading


def load_steer_config(steer_path: str) -> dict[str, dict[str, Any]]:
    """Read a ``.pt``/``.pth`` steering dict, or derive one from a ``.csv`` of SAE features."""
    path = Path(steer_path)
    if not path.is_file():
        raise UsageError(f"steer_path {steer_path!r} is not a file")
    if path.suffix in (".pt", ".pth"):
        try:
            config = torch.load(path, map_location="cpu", weights_only=True)
        except Exception:  # noqa: BLE001 - lm-eval accepts any pickle; say so when needed
            log.warning("steer_path %s is not a plain tensor dict; loading it as a full pickle",
                        steer_path)
            config = torch.load(path, map_location="cpu", weights_only=False)
        if not isinstance(config, Mapping):
            raise UsageError(f"steer_path {steer_path!r}: expected a dict of hookpoint -> config")
        return {str(k): dict(v) for k, v in config.items()}
    if path.suffix == ".csv":
        return derive_steer_config(path)
    raise UsageError(f"steer_path {steer_path!r}: unknown file type (use .pt, .pth or .csv)")


def _cell(row: Mapping[str, str], key: str, default: Any = None) -> Any:
    value = row.get(key)
    return default if value is None or value.strip() == "" else value.strip()


def derive_steer_config(path: Path) -> dict[str, dict[str, Any]]:
    """Vectors from sparse-coder decoder rows, one CSV row each.

    Columns: ``loader`` (``sparsify`` or ``sae_lens``), ``action``, ``sparse_model``,
    ``hookpoint``, ``feature_index``, ``steering_coefficient``, and ``sae_id`` for sae_lens.
    """
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    loaders = {_cell(r, "loader", "sparsify") for r in rows}
    unknown = loaders - {"sparsify", "sae_lens"}
    if unknown:
        raise UsageError(f"{path}: unknown loader(s) {sorted(unknown)} (sparsify or sae_lens)")
    SparseCoder = SAE = None
    if "sparsify" in loaders:
        SparseCoder = require("sparsify", needed_by=f"{path}: loader 'sparsify'",
                              install="lmeval-steered[sparsify]").SparseCoder
    if "sae_lens" in loaders:
        SAE = require("sae_lens", needed_by=f"{path}: loader 'sae_lens'", library="sae-lens",
                      install="lmeval-steered[sae_lens]").SAE
    sae_cache: dict[tuple[str, str], Any] = {}
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        loader = _cell(row, "loader", "sparsify")
        name = _cell(row, "sparse_model")
        hookpoint = _cell(row, "hookpoint", "")
        feature = int(_cell(row, "feature_index"))
        if loader == "sparsify":
            local = Path(name)
            coder = (SparseCoder.load_from_disk(local / hookpoint) if local.exists()
                     else SparseCoder.load_from_hub(name, hookpoint))
        else:
            key = (name, _cell(row, "sae_id"))
            if key not in sae_cache:
                loaded = SAE.from_pretrained(*key)
                sae_cache[key] = loaded[0] if isinstance(loaded, tuple) else loaded
            coder = sae_cache[key]
            if not hookpoint:
                hookpoint = coder.cfg.hook_name
        action = _cell(row, "action", "add")
        out[hookpoint] = {
            "action": action,
            "steering_coefficient": float(_cell(row, "steering_coefficient", 1.0)),
            "steering_vector": coder.W_dec[feature],
            # lm-eval passes the decoder bias for 'add' too and then rejects it; only clamp uses it
            "bias": coder.b_dec if action == "clamp" else None,
        }
    return out
