"""The NeMo boundary: load a checkpoint with NeMo's own API, hand back its megatron-core module.

Everything NeMo-specific happens in :func:`load_nemo2` and :func:`load_nemo1`; the backend
then scores and generates on the returned module with lmeval-megatron's runner, exactly as
``megatron_lm`` does. Both functions need NeMo and a GPU; neither runs on the CPU machine this
package is tested on (the tests replace these two functions, and only them).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import missing_library

log = logging.getLogger("lmeval.nemo")


PRECISIONS = {
    "bf16": ("bf16-mixed", "bfloat16"), "bf16-mixed": ("bf16-mixed", "bfloat16"),
    "16": ("16-mixed", "float16"), "16-mixed": ("16-mixed", "float16"),
    "32": ("32", "float32"), "32-true": ("32", "float32"),
}


@dataclass
class LoadedModel:
    """A NeMo model reduced to what scoring needs."""

    module: Any  # megatron-core GPTModel (or a wrapper with its forward signature)
    tokenizer: Any  # NeMo tokenizer (text_to_ids, ids_to_text, bos_id, eos_id [, tokenizer])
    device: Any


def precision_of(precision: Any) -> tuple[str, Any]:
    """``(lightning precision, torch dtype)`` of the ``precision`` model argument."""
    import torch

    key = str(precision).lower()
    if key not in PRECISIONS:
        raise UsageError(f"nemo_lm: precision={precision!r}: expected one of "
                         f"{', '.join(PRECISIONS)}")
    name, dtype = PRECISIONS[key]
    return name, getattr(torch, dtype)


def load_nemo2(path: Path, *, devices: int, tensor: int, pipeline: int,
               precision: Any) -> LoadedModel:
    """NeMo 2: ``MegatronStrategy`` trainer + ``llm.inference.setup_model_and_tokenizer``."""
    try:
        import nemo.lightning as nl
        import torch
        from nemo.collections.llm import inference
    except ImportError as exc:
        raise missing_library("NeMo 2", needed_by="nemo_lm, for this checkpoint,", error=exc,
                              module="nemo",
                              install="'nemo_toolkit[llm]>=2.0,<3'",
                              note="(NeMo's LLM collection is gone from 3.0; an NGC NeMo "
                                   "container is the easy way to get its pinned dependencies)"
                              ) from None
    pl_precision, dtype = precision_of(precision)
    strategy = nl.MegatronStrategy(
        tensor_model_parallel_size=tensor, pipeline_model_parallel_size=pipeline,
        context_parallel_size=1, sequence_parallel=False, setup_optimizers=False,
        store_optimizer_states=False)
    trainer = nl.Trainer(
        accelerator="gpu", devices=devices, num_nodes=1, strategy=strategy,
        plugins=nl.MegatronMixedPrecision(precision=pl_precision, params_dtype=dtype,
                                          pipeline_dtype=dtype, autocast_enabled=False,
                                          grad_reduce_in_fp32=False))
    wrapped, tokenizer = inference.setup_model_and_tokenizer(path=Path(path), trainer=trainer,
                                                             params_dtype=dtype)
    module = wrapped.model  # the exact megatron-core GPTModel inside the inference wrapper
    module.eval()
    device = torch.device("cuda", torch.cuda.current_device())
    return LoadedModel(module, getattr(tokenizer, "tokenizer", tokenizer), device)


def load_nemo1(path: Path, *, devices: int, tensor: int, pipeline: int,
               precision: Any) -> LoadedModel:
    """NeMo 1: ``MegatronGPTModel.restore_from`` with NeMo's NLP strategy (megatron-core models)."""
    try:
        import importlib

        import omegaconf
        import torch
        from lightning.pytorch.trainer.trainer import Trainer
        from nemo.collections.nlp.models.language_modeling.megatron_gpt_model import (
            MegatronGPTModel,
        )
        from nemo.collections.nlp.parts.nlp_overrides import NLPDDPStrategy, NLPSaveRestoreConnector
    except ImportError as exc:
        raise missing_library("NeMo's NLP collection", needed_by="nemo_lm, for a NeMo 1 .nemo "
                              "model,", error=exc, module="nemo",
                              install="'nemo_toolkit[nlp]<2.5.1'",
                              note="(removed during the 2.5 series), or convert the model to a "
                                   "NeMo 2 checkpoint with NeMo 2's convert_nemo1_to_nemo2.py"
                              ) from None
    pl_precision, _ = precision_of(precision)
    trainer = Trainer(strategy=NLPDDPStrategy(), devices=devices, accelerator="gpu", num_nodes=1,
                      precision=pl_precision, logger=False, enable_checkpointing=False,
                      use_distributed_sampler=False)
    connector = NLPSaveRestoreConnector()
    if Path(path).is_dir():
        connector.model_extracted_dir = str(path)
    else:
        log.warning("nemo_lm: %s is unpacked to a temporary directory on every run; unpack it "
                    "once (mkdir M && tar -xvf %s -C M) and pass the directory", path,
                    Path(path).name)
    cfg = connector.restore_from(None, str(path), return_config=True, trainer=trainer)
    if not cfg.get("mcore_gpt", False):
        raise UsageError("nemo_lm: this .nemo model is a legacy (non megatron-core) NeMo GPT; "
                         "only megatron-core based NeMo 1 models (mcore_gpt: true) are supported")
    target = cfg.get("target") or f"{MegatronGPTModel.__module__}.{MegatronGPTModel.__name__}"
    omegaconf.OmegaConf.set_struct(cfg, True)
    with omegaconf.open_dict(cfg):
        for key, value in {"sequence_parallel": False, "activations_checkpoint_granularity": None,
                           "activations_checkpoint_method": None, "precision": pl_precision,
                           "global_batch_size": None, "tensor_model_parallel_size": tensor,
                           "pipeline_model_parallel_size": pipeline,
                           "apply_rope_fusion": False}.items():
            if key in cfg:
                cfg[key] = value
    module_name, class_name = target.rsplit(".", 1)
    cls = getattr(importlib.import_module(module_name), class_name)
    model = cls.restore_from(restore_path=str(path), trainer=trainer, override_config_path=cfg,
                             save_restore_connector=connector,
                             map_location=f"cuda:{trainer.local_rank}")
    model.freeze()
    if trainer.strategy.launcher is not None:
        trainer.strategy.launcher.launch(lambda: None, trainer=trainer)
    trainer.strategy.setup_environment()
    module = model.model[0] if isinstance(model.model, list) else model.model
    device = torch.device("cuda", torch.cuda.current_device())
    return LoadedModel(module.cuda(), model.tokenizer, device)
