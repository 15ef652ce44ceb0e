"""The ``megatron_lm`` backend: a Megatron checkpoint loaded with megatron-core, no conversion."""

from __future__ import annotations

import argparse
import logging
import socket
from datetime import timedelta
from pathlib import Path
from typing import Any

import torch
from lmeval.backend.batch_size import BatchSizer, estimate_cpu_batch, parse_batch_size
from lmeval.backend.distributed import launcher_world
from lmeval.backend.generation import parse_think_end_token
from lmeval.errors import UsageError, did_you_mean
from lmeval.protocol import RequestKind
from lmeval.requires import require
from lmeval.run.modelargs import named_parameters
from lmeval_hf import Scorer

from lmeval_megatron import arguments, checkpoint
from lmeval_megatron.parallel import ParallelPlan, check_world, plan_parallelism
from lmeval_megatron.runner import MCoreLM, MCoreRunner
from lmeval_megatron.tokenizer import build_encoder

log = logging.getLogger("lmeval.megatron")

#: Architecture model arguments used when the checkpoint's own arguments are not.
ARCH_ARGS = ("num_layers", "hidden_size", "num_attention_heads", "ffn_hidden_size",
             "num_query_groups")


class MegatronLM(MCoreLM):
    """A Megatron-LM / megatron-core GPT checkpoint (``model_optim_rng.pt`` or ``.distcp``).

    Model arguments follow lm-eval's ``megatron_lm``: ``load``, ``ckpt_step``,
    ``tokenizer_type``, ``tokenizer_model``, ``vocab_file``, ``merge_file``, ``devices``,
    ``tensor_model_parallel_size``, ``pipeline_model_parallel_size`` (must be 1),
    ``expert_model_parallel_size``, ``seq_length``, ``micro_batch_size``, ``max_gen_toks``,
    ``use_dist_ckpt``, ``extra_args``, and the architecture arguments for checkpoints without
    saved arguments. ``use_checkpoint_args`` (default True) is Megatron's
    ``--use-checkpoint-args``.
    """

    supported_kinds = frozenset(RequestKind)
    backend_name = "megatron_lm"
    #: How the model is split over devices and fed: a run resumes with other values.
    cache_neutral_args = frozenset({"devices", "tensor_model_parallel_size",
                                    "pipeline_model_parallel_size", "expert_model_parallel_size",
                                    "micro_batch_size"})
    chunk_size = 4096

    def __init__(
        self,
        load: str | None = None,
        ckpt_step: int | None = None,
        tokenizer_type: str | None = None,
        tokenizer_model: str | None = None,
        vocab_file: str | None = None,
        merge_file: str | None = None,
        devices: int = 1,
        tensor_model_parallel_size: int = 1,
        pipeline_model_parallel_size: int = 1,
        expert_model_parallel_size: int = 1,
        seq_length: int | None = None,
        max_length: int | None = None,
        micro_batch_size: int | None = None,
        batch_size: int | str | None = None,
        max_batch_size: int | None = 64,
        max_gen_toks: int = 256,
        use_dist_ckpt: bool | None = None,
        use_checkpoint_args: bool = True,
        extra_args: str | None = None,
        dtype: str | None = "auto",
        device: str | None = None,
        add_bos_token: bool | None = None,
        prefix_token_id: int | None = None,
        think_end_token: str | int | None = None,
        trust_remote_code: bool = False,
        seed: int = 1234,
        num_layers: int | None = None,
        hidden_size: int | None = None,
        num_attention_heads: int | None = None,
        ffn_hidden_size: int | None = None,
        num_query_groups: int | None = None,
        **unknown: Any,
    ) -> None:
        super().__init__()
        if unknown:
            names = ", ".join(sorted(unknown))
            hint = did_you_mean(sorted(unknown)[0], _KNOWN_ARGS)
            raise UsageError(f"megatron_lm: unknown model argument(s) {names}{hint}; Megatron "
                             "options go in extra_args=\"--option value ...\"")
        if not load:
            raise UsageError("megatron_lm needs load=<Megatron checkpoint directory>")
        if seq_length and max_length and int(seq_length) != int(max_length):
            raise UsageError("megatron_lm: seq_length and max_length are the same setting; "
                             "give one")
        self.plan = plan_parallelism(int(devices), int(tensor_model_parallel_size),
                                     int(pipeline_model_parallel_size),
                                     int(expert_model_parallel_size))
        self.info = checkpoint.resolve_checkpoint(load, ckpt_step, use_dist_ckpt)
        if micro_batch_size is not None and batch_size not in (None, 1, "1"):
            log.warning("megatron_lm: batch_size=%s overrides micro_batch_size=%s",
                        batch_size, micro_batch_size)
        self.spec = parse_batch_size(batch_size if batch_size is not None
                                     else (micro_batch_size or 1))
        self.max_batch_size = int(max_batch_size or 64)
        self._max_gen_toks = int(max_gen_toks)
        self.think_end_token = parse_think_end_token(think_end_token)
        self.extra = arguments.extra_args_to_dict(arguments.parse_extra_args(extra_args))
        self._checkpoint = {"load": str(Path(load).expanduser().resolve()),
                            "iteration": self.info.iteration, "format": self.info.format,
                            "directory": str(Path(self.info.directory).resolve())}
        arch = {k: v for k, v in (("num_layers", num_layers), ("hidden_size", hidden_size),
                                  ("num_attention_heads", num_attention_heads),
                                  ("ffn_hidden_size", ffn_hidden_size),
                                  ("num_query_groups", num_query_groups)) if v}

        self._device = self._setup_distributed(device)
        self._init_model_parallel(seed)
        saved = self._read_checkpoint()
        overrides: dict[str, Any] = dict(arch)
        if num_query_groups:
            overrides["group_query_attention"] = True
        if seq_length or max_length:
            overrides["seq_length"] = int(seq_length or max_length)
        overrides.update(self.extra)
        base = saved.get("args") if use_checkpoint_args else None
        if use_checkpoint_args and base is None:
            log.warning("megatron_lm: the checkpoint has no saved arguments; the architecture "
                        "must come from the model arguments and extra_args")
        self.args = arguments.merge_args(base, overrides)
        self.encoder = build_encoder(
            tokenizer_type or getattr(self.args, "tokenizer_type", None),
            tokenizer_model=tokenizer_model or getattr(self.args, "tokenizer_model", None),
            vocab_file=vocab_file or getattr(self.args, "vocab_file", None),
            merge_file=merge_file or getattr(self.args, "merge_file", None),
            args=self.args,
            trust_remote_code=bool(trust_remote_code or self.extra.get("trust_remote_code")),
            add_bos_token=add_bos_token, prefix_token_id=prefix_token_id)
        if getattr(self.args, "padded_vocab_size", None) is None and not use_checkpoint_args:
            self.args.padded_vocab_size = _pad_vocab(self._vocab_size(), self.plan.tensor)
        self.model = self._build_model(arguments.params_dtype_of(dtype, self.args))
        self._load_weights(saved)
        self.model.eval()
        self._max_length = int(seq_length or max_length or getattr(self.args, "seq_length", 0)
                               or getattr(self.args, "max_position_embeddings", 0) or 4096)
        self.runner = MCoreRunner(self.model, self._device, vocab_size=self._vocab_size(),
                                  lockstep=not self.plan.shards_requests and self.plan.devices > 1)
        self.sizer = BatchSizer(self.spec, self.max_batch_size, self._detect_batch_size)
        self.scorer = Scorer(self.runner.hf_forward, device=self._device, causal=True,
                             max_length=self._max_length, sizer=self.sizer, prefix_reuse=False)

    # ------------------------------------------------------------------ set-up
    def _setup_distributed(self, device: str | None) -> torch.device:
        rank, local_rank, world = launcher_world()
        check_world(self.plan, world)
        cuda = torch.cuda.is_available()
        if device not in (None, "cuda", "cpu") and not str(device).startswith("cuda:"):
            raise UsageError(f"megatron_lm: device={device!r}: expected cuda, cuda:N or cpu")
        if (device or "").startswith("cuda") and not cuda:
            raise UsageError("megatron_lm: no CUDA device here; megatron-core runs on GPUs")
        if cuda and device != "cpu":
            dev = torch.device(f"cuda:{local_rank}")
            torch.cuda.set_device(dev)
        else:
            try:  # megatron-core places tensors on torch.cuda.current_device()
                torch.cuda.current_device()
            except (AssertionError, RuntimeError) as exc:
                raise UsageError(f"megatron_lm needs a CUDA GPU: megatron-core calls "
                                 f"torch.cuda.current_device(), which fails here ({exc})") from None
            dev = torch.device("cpu")
        dist = torch.distributed
        if not dist.is_initialized():
            backend = "nccl" if dev.type == "cuda" else "gloo"
            if world > 1:
                dist.init_process_group(backend=backend, timeout=timedelta(hours=24))
            else:
                dist.init_process_group(backend=backend, init_method=f"tcp://127.0.0.1:{_port()}",
                                        rank=0, world_size=1)
        elif dist.get_world_size() != world:
            raise UsageError(f"megatron_lm: the process group has {dist.get_world_size()} ranks "
                             f"but the launcher says WORLD_SIZE={world}")
        self._global_rank = dist.get_rank()
        if self.plan.shards_requests:
            self._rank, self._world_size = self._global_rank, world
        return dev

    def _init_model_parallel(self, seed: int) -> None:
        from megatron.core import parallel_state, tensor_parallel

        wanted = (self.plan.tensor, 1, self.plan.expert)
        if parallel_state.model_parallel_is_initialized():
            have = (parallel_state.get_tensor_model_parallel_world_size(),
                    parallel_state.get_pipeline_model_parallel_world_size(),
                    parallel_state.get_expert_model_parallel_world_size())
            if have != wanted:
                raise UsageError(f"megatron_lm: megatron-core is already initialized with "
                                 f"TP/PP/EP={have} in this process; asked for {wanted}")
        else:
            parallel_state.initialize_model_parallel(
                tensor_model_parallel_size=self.plan.tensor, pipeline_model_parallel_size=1,
                expert_model_parallel_size=self.plan.expert)
        if self._device.type == "cuda":
            tensor_parallel.model_parallel_cuda_manual_seed(seed)
        torch.manual_seed(seed)

    def _read_checkpoint(self) -> dict[str, Any]:
        """Saved arguments (and, for a standard checkpoint, this rank's weights)."""
        from megatron.core import parallel_state

        if self.info.distributed:
            return dict(checkpoint.load_distributed_common(self.info.directory))
        path = checkpoint.standard_file(
            self.info.directory, parallel_state.get_tensor_model_parallel_rank(),
            self.plan.tensor, parallel_state.get_expert_model_parallel_rank(), self.plan.expert)
        log.info("megatron_lm: loading %s", path)
        return checkpoint.load_standard(path)

    def _build_model(self, params_dtype: Any) -> torch.nn.Module:
        from megatron.core.models.gpt import GPTModel
        from megatron.core.transformer.transformer_config import TransformerConfig

        kwargs = arguments.config_kwargs(self.args, self.extra, params_dtype=params_dtype,
                                         tensor=self.plan.tensor, expert=self.plan.expert,
                                         use_cpu_initialization=self._device.type == "cpu")
        try:
            config = TransformerConfig(**kwargs)
        except (AssertionError, ValueError, TypeError) as exc:
            raise UsageError(f"megatron_lm: the checkpoint's arguments do not make a valid "
                             f"megatron-core TransformerConfig: {exc}") from None
        spec = self._layer_spec(config)
        model = GPTModel(config=config, transformer_layer_spec=spec,
                         **arguments.model_kwargs(self.args))
        return model.to(self._device)

    def _layer_spec(self, config: Any) -> Any:
        from megatron.core.models.gpt import gpt_layer_specs as specs

        impl = getattr(self.args, "transformer_impl", None) or "local"
        use_te = impl == "transformer_engine"
        if use_te:
            require("transformer_engine", library="Transformer Engine (GPU)",
                    needed_by="megatron_lm: this checkpoint, trained with transformer_impl="
                              "transformer_engine (its weights are laid out for Transformer "
                              "Engine modules),", install="'transformer-engine[pytorch]'")
        if getattr(config, "num_moe_experts", None):
            return specs.get_gpt_decoder_block_spec(
                config, use_transformer_engine=use_te,
                normalization=getattr(self.args, "normalization", None))
        if use_te:
            return specs.get_gpt_layer_with_transformer_engine_spec(
                None, False, bool(config.qk_layernorm), bool(config.multi_latent_attention))
        return specs.get_gpt_layer_local_spec(
            None, False, bool(config.qk_layernorm), bool(config.multi_latent_attention),
            normalization=getattr(self.args, "normalization", None))

    def _load_weights(self, saved: dict[str, Any]) -> None:
        try:
            state = self._checkpoint_state(saved)
            missing, unexpected = self.model.load_state_dict(state, strict=False)
        except (RuntimeError, ValueError, KeyError) as exc:  # shape mismatches, missing shards
            raise UsageError(self._misfit(str(exc).strip().splitlines()[0][:400])) from None
        missing = [k for k in missing if not k.endswith("_extra_state")]
        unexpected = [k for k in unexpected if not k.endswith("_extra_state")]
        if missing or unexpected:
            raise UsageError(self._misfit(
                f"missing: {missing[:5]}{'...' if len(missing) > 5 else ''}; "
                f"unexpected: {unexpected[:5]}{'...' if len(unexpected) > 5 else ''}"))

    def _checkpoint_state(self, saved: dict[str, Any]) -> dict[str, Any]:
        if not self.info.distributed:
            state = saved.get("model") or saved.get("model0")
            if state is None:
                raise UsageError(f"megatron_lm: {self.info.directory} has no model weights "
                                 "('model' entry) in model_optim_rng.pt")
            return state
        from megatron.core import dist_checkpointing

        directory = str(self.info.directory)
        log.info("megatron_lm: loading distributed checkpoint %s (%s)", directory,
                 checkpoint.distributed_backend(self.info.directory) or "torch_dist")
        metadata = dist_checkpointing.load_content_metadata(directory)
        sharded = self.model.sharded_state_dict(metadata=metadata)
        return dist_checkpointing.load({"model": sharded}, directory)["model"]

    @staticmethod
    def _misfit(detail: str) -> str:
        return ("megatron_lm: the checkpoint's weights do not fit the model built from its "
                f"arguments ({detail}); check extra_args and use_checkpoint_args")

    # ------------------------------------------------------------------ properties
    @property
    def device(self) -> torch.device:
        return self._device

    @property
    def eot_token_id(self) -> int | None:
        return self.encoder.eot_token_id

    # ------------------------------------------------------------------ batch size
    def _detect_batch_size(self, length: int) -> int:
        length = max(1, min(int(length), self.max_length))
        if self._device.type == "cpu":
            shape = argparse.Namespace(
                hidden_size=self.args.hidden_size, num_hidden_layers=self.args.num_layers,
                vocab_size=getattr(self.args, "padded_vocab_size", 32000),
                intermediate_size=getattr(self.args, "ffn_hidden_size", None))
            size = estimate_cpu_batch(shape, length, self.max_batch_size)
        else:
            size = self._probe_batch_size(length)
        return self._smallest_over_ranks(size)


_KNOWN_ARGS = sorted(named_parameters(MegatronLM)[0])  # for a direct MegatronLM(...) call


def _pad_vocab(size: int | None, tensor: int, multiple: int = 128) -> int:
    """Megatron's ``--make-vocab-size-divisible-by`` padding (times the TP size)."""
    if size is None:
        raise UsageError("megatron_lm: the vocabulary size is unknown; pass "
                         "extra_args='--padded-vocab-size N'")
    step = multiple * tensor
    return -(-size // step) * step


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


__all__ = ["MegatronLM", "ParallelPlan"]
