"""The ``hf`` backend: transformers causal and seq2seq models with lm-eval's semantics."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

# isort: off
from lmeval_hf import openmp  # noqa: F401  (before torch: OpenMP's spin count, see the module)
# isort: on
import torch
import transformers
from lmeval.backend import distributed as launcher
from lmeval.backend.batch_size import (
    BatchSizer,
    estimate_cpu_batch,
    parse_batch_size,
    probe_batch_size,
)
from lmeval.backend.encoding import TokenEncoder, resolve_max_length
from lmeval.backend.generation import parse_think_end_token
from lmeval.backend.rolling import loglikelihood_windows, score_rolling
from lmeval.errors import UsageError
from lmeval.protocol import (
    LM,
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
)
from lmeval.run.identity import local_sources

from lmeval_hf import distributed, loading
from lmeval_hf.kv_cache import forward_features
from lmeval_hf.loading import configure_pad_token
from lmeval_hf.scoring import PrefixStats, Scorer

log = logging.getLogger("lmeval.hf")


class HFLM(LM):
    """A transformers ``AutoModelForCausalLM`` or ``AutoModelForSeq2SeqLM``.

    Model arguments follow lm-eval's ``hf`` model; ``prefix_reuse`` (default True) turns
    shared-prefix scoring on or off. Unknown arguments go to ``from_pretrained``.
    """

    supported_kinds = frozenset(RequestKind)
    backend_name = "hf"
    #: Large chunks let shared-prefix scoring see every question of a task at once.
    chunk_size = 4096
    #: Placement, memory and speed settings: a run resumes with other values and keeps its answers.
    cache_neutral_args = frozenset({
        "parallelize", "device_map_option", "device_map", "max_memory_per_gpu", "max_cpu_memory",
        "offload_folder", "tp_plan", "logits_cache", "prefix_reuse"})
    AUTO_MODEL_CLASS: Any = None

    @staticmethod
    def extra_model_args(args: Mapping[str, Any]) -> frozenset[str] | None:
        """What ``from_pretrained`` takes beyond these parameters (the core's check)."""
        from lmeval_hf.model_args import extra_model_args

        return extra_model_args(args)

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """``generate``'s settings, passed on after the core's generation keys."""
        from lmeval_hf.model_args import extra_generation_kwargs

        return extra_generation_kwargs()

    @staticmethod
    def check_chat_template(args: Mapping[str, Any], template: bool | str) -> str | None:
        """Before the weights load: does the tokenizer have the chat template asked for?"""
        from lmeval_hf.model_args import check_chat_template

        return check_chat_template(args, template)

    def __init__(
        self,
        pretrained: str | transformers.PreTrainedModel,
        backend: str = "default",
        revision: str | None = "main",
        subfolder: str = "",
        tokenizer: Any = None,
        truncation: bool | None = False,
        logits_cache: bool = True,
        max_length: int | None = None,
        device: str | None = None,
        dtype: Any = "auto",
        softmax_dtype: Any = None,
        mixed_precision_dtype: Any = None,
        batch_size: int | str | None = 1,
        max_batch_size: int | None = 64,
        trust_remote_code: bool | None = False,
        use_fast_tokenizer: bool | None = True,
        add_bos_token: bool | None = None,
        prefix_token_id: int | None = None,
        parallelize: bool | None = False,
        device_map_option: str | None = None,
        max_memory_per_gpu: int | str | None = None,
        max_cpu_memory: int | str | None = None,
        offload_folder: str | None = "./offload",
        tp_plan: str | dict | None = None,
        peft: str | None = None,
        delta: str | None = None,
        autogptq: bool | str | None = False,
        gptqmodel: bool | None = False,
        gguf_file: str | None = None,
        think_end_token: str | int | None = None,
        enable_thinking: bool | None = None,
        chat_template_args: dict[str, Any] | None = None,
        prefix_reuse: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        if tp_plan is not None and parallelize:
            raise UsageError("tp_plan and parallelize=True are mutually exclusive: choose one")
        if peft and delta:
            raise UsageError("peft and delta cannot both be set")
        if enable_thinking and think_end_token is None:
            raise UsageError("enable_thinking=True needs think_end_token (the string or token "
                             "id that ends the reasoning)")
        if gguf_file is not None and tokenizer is None:
            log.warning("gguf_file without tokenizer=...: the tokenizer is rebuilt from the "
                        "GGUF file, which is slow and may differ; pass the original tokenizer")
        self.spec = parse_batch_size(batch_size)
        self.max_batch_size = int(max_batch_size or 64)
        self.truncation = bool(truncation)
        self.logits_cache = logits_cache
        self._max_length = int(max_length) if max_length else None
        self.softmax_dtype = loading.parse_dtype(softmax_dtype) if softmax_dtype else None
        self.mixed_precision_dtype = (loading.parse_dtype(mixed_precision_dtype)
                                      if mixed_precision_dtype else None)
        self.think_end_token = parse_think_end_token(think_end_token)
        self.enable_thinking = enable_thinking
        self.chat_template_args = dict(chat_template_args or {})
        if enable_thinking is not None:
            self.chat_template_args["enable_thinking"] = enable_thinking
        self.add_bos_token = add_bos_token
        self.revision = str(revision)

        if isinstance(pretrained, str):
            self._setup_device(device, tp_plan)
            self._config = loading.load_config(
                pretrained, revision=self.revision, trust_remote_code=bool(trust_remote_code),
                gguf_file=gguf_file, subfolder=subfolder)
        else:
            if parallelize or tp_plan is not None:
                raise UsageError("parallelize/tp_plan need pretrained to be a name or path")
            self._model = pretrained
            self._device = pretrained.device
            self._config = pretrained.config
            self._gpus = 0
        self.backend = loading.detect_backend(self._config, backend, bool(trust_remote_code))
        if self.AUTO_MODEL_CLASS is None:
            self.AUTO_MODEL_CLASS = (transformers.AutoModelForCausalLM if self.backend == "causal"
                                     else transformers.AutoModelForSeq2SeqLM)
        self.tokenizer = loading.load_tokenizer(
            pretrained if isinstance(pretrained, str) else pretrained.name_or_path, tokenizer,
            revision=self.revision, trust_remote_code=bool(trust_remote_code),
            use_fast_tokenizer=bool(use_fast_tokenizer), gguf_file=gguf_file,
            add_bos_token=add_bos_token, subfolder=subfolder)
        if isinstance(pretrained, str):
            self._load_model(pretrained, dtype=loading.parse_dtype(dtype),
                             trust_remote_code=bool(trust_remote_code), parallelize=bool(parallelize),
                             device_map=kwargs.pop("device_map", None) or device_map_option,
                             max_memory_per_gpu=max_memory_per_gpu, max_cpu_memory=max_cpu_memory,
                             offload_folder=offload_folder, tp_plan=tp_plan, peft=peft,
                             delta=delta, autogptq=autogptq, gptqmodel=bool(gptqmodel),
                             gguf_file=gguf_file, subfolder=subfolder, model_kwargs=kwargs)
            self._file_sources = {"model": os.path.join(pretrained, subfolder), "peft": peft,
                                  "delta": delta, "tokenizer": tokenizer}
        else:
            self._file_sources = {"tokenizer": tokenizer}
        self._files: dict[str, Any] | None = None
        if isinstance(self.model, torch.nn.Module):
            self.model.eval()
            if hasattr(self.model, "tie_weights"):
                self.model.tie_weights()
        self.vocab_size = self.tokenizer.vocab_size
        self.tokenizer = configure_pad_token(self.tokenizer, getattr(self._config, "model_type", None))
        self.encoder = TokenEncoder(self.tokenizer, add_bos_token=add_bos_token,
                                    prefix_token_id=prefix_token_id,
                                    causal=self.backend == "causal")
        self.sizer = BatchSizer(self.spec, self.max_batch_size, self._detect_batch_size)
        self.scorer = Scorer(self.forward, device=self.device, causal=self.backend == "causal",
                             max_length=self.max_length, sizer=self.sizer,
                             softmax_dtype=self.softmax_dtype,
                             features=forward_features(self.model),
                             prefix_reuse=bool(prefix_reuse),
                             mask_dtype=_float_dtype(self.model))
        self.prefix_reuse = self.scorer.prefix_reuse

    # ------------------------------------------------------------------ setup
    def _setup_device(self, device: str | None, tp_plan: Any) -> None:
        kind = distributed.accelerator_type()
        rank, local_rank, world = launcher.launcher_world()
        self._gpus = torch.cuda.device_count() if kind == "cuda" else 0
        self._data_parallel = world > 1 and tp_plan is None
        self._local_world = launcher.launcher_local_world(world)  # parallelize splits its GPUs
        self._local_rank = local_rank
        if tp_plan is not None:
            self._device = torch.device(f"{kind}:{local_rank}" if kind != "cpu" else "cpu")
            return
        if self._data_parallel:
            self._rank, self._world_size = distributed.init_process_group(kind)
            self._device = torch.device(f"cuda:{local_rank}" if kind == "cuda" else kind)
            if device not in (None, "cuda", "cpu", str(self._device)):
                log.info("data parallel: device %r overridden by %s", device, self._device)
            return
        if device is None:
            self._device = torch.device("cuda" if kind == "cuda" else "cpu")
            return
        try:
            wanted = torch.device(device)
        except RuntimeError:
            raise UsageError(f"device {device!r} is not a torch device (cpu, cuda, cuda:N, "
                             "mps)") from None
        if wanted.type == "cuda" and (kind != "cuda" or (wanted.index or 0) >= self._gpus):
            raise UsageError(f"device {device!r}: no such CUDA device here "
                             f"({self._gpus} visible); use --device cpu")
        if wanted.type == "mps" and kind != "mps":
            raise UsageError(f"device {device!r}: MPS is not available here")
        self._device = wanted

    def _load_model(self, pretrained: str, *, dtype: Any, trust_remote_code: bool,
                    parallelize: bool, device_map: Any, max_memory_per_gpu: Any,
                    max_cpu_memory: Any, offload_folder: Any, tp_plan: Any, peft: Any,
                    delta: Any, autogptq: Any, gptqmodel: bool, gguf_file: Any, subfolder: str,
                    model_kwargs: dict[str, Any]) -> None:
        model_kwargs = dict(model_kwargs)
        if tp_plan is not None:
            model_kwargs["tp_plan"] = tp_plan
        elif not (autogptq or gptqmodel) or parallelize:
            model_kwargs.update(loading.placement_kwargs(
                device=self._device, parallelize=parallelize, device_map=device_map,
                max_memory_per_gpu=max_memory_per_gpu, max_cpu_memory=max_cpu_memory,
                offload_folder=offload_folder, gpus=self._gpus,
                data_parallel=self._data_parallel, local_rank=self._local_rank,
                local_world=self._local_world))
        self._model = loading.load_model(
            self.AUTO_MODEL_CLASS, pretrained, revision=self.revision, dtype=dtype,
            trust_remote_code=trust_remote_code, gguf_file=gguf_file, subfolder=subfolder,
            quantization_config=loading.quantization_config_of(self._config),
            autogptq=autogptq, gptqmodel=gptqmodel, model_kwargs=model_kwargs)
        if peft:
            self._model = loading.apply_peft(self._model, peft, tokenizer=self.tokenizer,
                                             revision=self.revision)
        elif delta:
            loading.apply_delta(self._model, self.AUTO_MODEL_CLASS, delta, revision=self.revision,
                                dtype=dtype, trust_remote_code=trust_remote_code,
                                model_kwargs=model_kwargs)
        if (self._gpus >= 1 or self._device.type == "mps") and not (
                parallelize or tp_plan is not None or autogptq):
            with contextlib.suppress(ValueError):
                self._model.to(self._device)

    # ------------------------------------------------------------------ properties
    @property
    def model(self) -> Any:
        return self._model

    @property
    def config(self) -> Any:
        return self._config

    @property
    def device(self) -> torch.device:
        return self._device

    @property
    def max_length(self) -> int:
        if self._max_length:
            return self._max_length
        return resolve_max_length(self.model.config, self.tokenizer)

    @property
    def max_gen_toks(self) -> int:
        return 256

    @property
    def batch_size(self) -> int | str:
        return "auto" if self.spec.auto else int(self.spec.fixed or 1)

    @property
    def eot_token_id(self) -> int:
        return self.encoder.eot_token_id

    @property
    def prefix_token_id(self) -> int:
        return self.encoder.prefix_token_id

    @property
    def prefix_stats(self) -> PrefixStats:
        """Token counts of shared-prefix scoring (fed vs. trie size), summed over calls."""
        return self.scorer.stats

    @property
    def tokenizer_name(self) -> str:
        return str(getattr(self.tokenizer, "name_or_path", "")).replace("/", "__")

    @property
    def chat_template(self) -> str | None:
        template = getattr(self.tokenizer, "chat_template", None)
        if isinstance(template, dict):
            return template.get("default")
        return template

    def identity_extras(self) -> Mapping[str, Any]:
        """The detected model type, the Hub commit of a Hub model, and the content digests of
        local files (checkpoint, adapter, delta, tokenizer; :func:`lmeval.run.identity.local_files`,
        computed on first use: a run without ``--use_cache`` never reads them)."""
        if self._files is None:
            self._files = local_sources(self._file_sources)
        extras: dict[str, Any] = {"model_backend": self.backend, "files": self._files.get("model")}
        commit = getattr(self._config, "_commit_hash", None)
        if self._files.get("model") is None and commit:
            extras["commit"] = commit  # a Hub model: the revision that was downloaded
        for name in ("peft", "delta", "tokenizer"):
            if self._files.get(name) is not None:
                extras[f"{name}_files"] = self._files[name]
        return extras

    def model_info(self) -> Mapping[str, Any]:
        """lm-eval 0.4.13's ``get_model_info`` and tokenizer fields; ``model_sha`` is the Hub
        commit the weights came from (lm-eval asks the Hub for it; "" for a local model)."""
        tok = self.tokenizer
        model = self._model
        count = model.num_parameters() if hasattr(model, "num_parameters") else \
            sum(p.numel() for p in model.parameters())
        info: dict[str, Any] = {
            "model_num_parameters": int(count),
            "model_dtype": str(getattr(model, "dtype", "")),
            "model_revision": self.revision,
            "model_sha": str(getattr(self._config, "_commit_hash", None) or ""),
        }
        for name in ("pad", "eos", "bos"):
            info[f"tokenizer_{name}_token"] = [getattr(tok, f"{name}_token", None),
                                               str(getattr(tok, f"{name}_token_id", None))]
        info["eot_token_id"] = self.eot_token_id
        info["max_length"] = self.max_length
        return info

    def close(self) -> None:
        """Log the loglikelihood token counts of the run (at INFO): tokens fed to the model
        against the prefix trie of every input (the floor) and the plain path's."""
        s = self.scorer.stats
        if s.requests and s.trie_tokens:
            log.info("loglikelihood tokens: %d requests, %d rows, %d forward passes; fed %d "
                     "(plain path %d, padded %d), prefix trie %d: fed/trie %.3f, plain/trie %.3f",
                     s.requests, s.rows, s.forward_calls, s.tokens_fed, s.tokens_plain,
                     s.tokens_padded, s.trie_tokens, s.fed_per_trie_token,
                     s.tokens_plain / s.trie_tokens)

    # ------------------------------------------------------------------ model calls
    @contextlib.contextmanager
    def model_context(self) -> Iterator[None]:
        """Every model call runs inside this: no grad, optional autocast. Subclasses add hooks."""
        with torch.no_grad(), torch.autocast(device_type=self.device.type,
                                             dtype=self.mixed_precision_dtype,
                                             enabled=self.mixed_precision_dtype is not None):
            yield

    def forward(self, **kwargs: Any) -> Any:
        with self.model_context():
            return self.model(**kwargs)

    def _detect_batch_size(self, length: int) -> int:
        length = max(1, min(int(length), self.max_length))
        if self.device.type == "cpu":
            size = estimate_cpu_batch(self.config, length, self.max_batch_size,
                                      bytes_per_value=_bytes_of(self.model))
        else:
            def run(batch: int) -> None:
                ids = torch.ones((batch, length), dtype=torch.long, device=self.device)
                extra = {}
                if self.backend == "seq2seq":
                    extra = {"attention_mask": ids, "labels": ids}
                for _ in range(5):
                    logits = self.forward(input_ids=ids, **extra).logits
                    torch.nn.functional.log_softmax(logits, dim=-1, dtype=self.softmax_dtype)

            size = probe_batch_size(run, self.max_batch_size, clear=_clear_cache)
            _clear_cache()
        # No collective here (lm-eval takes the minimum over ranks): ranks score different
        # shards and ask for sizes a different number of times; a gather would deadlock.
        return size

    # ------------------------------------------------------------------ ranks
    def all_gather_object(self, obj: Any) -> list[Any]:
        """Every rank's ``obj`` in rank order (the core's scheduler gathers through this)."""
        return distributed.all_gather_object(obj, self.world_size)

    def barrier(self) -> None:
        distributed.barrier(self.world_size)

    # ------------------------------------------------------------------ text
    def _text(self, context: Any) -> str:
        if isinstance(context, str):
            return context
        return self.apply_chat_template(list(context), add_generation_prompt=True)

    def tok_encode(self, text: str, add_special_tokens: bool | None = None,
                   left_truncate_len: int | None = None) -> list[int]:
        return self.encoder.encode(text, add_special_tokens, left_truncate_len)

    def tok_decode(self, tokens: Sequence[int], skip_special_tokens: bool = True) -> str:
        return self.encoder.decode(tokens, skip_special_tokens)

    def batch_encode(self, strings: list[str], left_truncate_len: int | None = None,
                     truncation: bool = False) -> tuple[torch.Tensor, torch.Tensor]:
        """Left-padded batch, left-truncated to ``left_truncate_len`` (lm-eval's contract)."""
        old_side = self.tokenizer.padding_side
        self.tokenizer.padding_side = "left"
        try:
            enc = self.tokenizer(strings, truncation=truncation, padding="longest",
                                 return_tensors="pt", **self.encoder.batch_encode_kwargs(strings[0]))
        finally:
            self.tokenizer.padding_side = old_side
        ids, mask = enc["input_ids"], enc["attention_mask"]
        if left_truncate_len and ids.shape[1] > left_truncate_len:
            log.warning("left truncation: prompts of %d tokens cut to the last %d",
                        ids.shape[1], left_truncate_len)
            ids, mask = ids[:, -left_truncate_len:], mask[:, -left_truncate_len:]
        return ids.to(self.device), mask.to(self.device)

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        import jinja2

        history = [dict(m) for m in messages]
        try:
            return self.tokenizer.apply_chat_template(
                history, tokenize=False, add_generation_prompt=add_generation_prompt,
                continue_final_message=not add_generation_prompt, **self.chat_template_args)
        except jinja2.exceptions.TemplateError:
            log.warning("chat template failed; retrying without the system message")
            history = [m for m in history if m.get("role") != "system"]
            return self.tokenizer.apply_chat_template(
                history, tokenize=False, add_generation_prompt=add_generation_prompt,
                continue_final_message=not add_generation_prompt, **self.chat_template_args)

    # ------------------------------------------------------------------ request kinds
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        if self.enable_thinking:
            raise UsageError("enable_thinking=True cannot answer loglikelihood requests: use "
                             "generative tasks only")
        pairs = self.encoder.pairs([(self._text(r.context), r.continuation) for r in requests])
        return self.scorer.score(pairs, self.report_answers)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        windows = [loglikelihood_windows(self.encoder.encode(r.text), self.prefix_token_id,
                                         self.max_length) for r in requests]
        return score_rolling(self.scorer.score, windows, self.report_answers)

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        from lmeval_hf.generation import generate_until

        items = [(self._text(r.context), {"until": list(r.until), **r.generation_kwargs()})
                 for r in requests]
        return generate_until(self, items, self.report_answers)


def _float_dtype(model: Any) -> torch.dtype:
    dtype = getattr(model, "dtype", torch.float32)
    return dtype if isinstance(dtype, torch.dtype) and dtype.is_floating_point else torch.float32


def _bytes_of(model: Any) -> int:
    try:
        return next(model.parameters()).element_size()
    except (StopIteration, AttributeError):
        return 4


def _clear_cache() -> None:
    import gc

    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
