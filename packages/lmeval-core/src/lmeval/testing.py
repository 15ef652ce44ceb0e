"""Test kit: a deterministic reference LM (model type ``dummy``) and a plugin-manager fixture.

The reference LM derives every score from a hash of the request, so results are reproducible
across runs, processes and machines, and it needs no library. Third parties use it to test their
task packs: ``lmeval run --model dummy --tasks my_task``.

Model args: ``seed`` (changes every score), ``delay`` (seconds per request, to interrupt runs;
each request is a batch of one, reported through ``LM.report_answers`` as it finishes),
``call_log`` (a file that gets one line per model call with its request count — how tests count
model calls), ``chunk_size`` (requests per call), ``think`` (each generation first "thinks"
``think``, ``2 * think`` or ``3 * think`` words closed by ``</think>``; words count as tokens against
``max_gen_toks``, so a small budget cuts some generations off inside the thinking).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.hookspecs import RegisterModel, hookimpl
from lmeval.protocol import LM, GenerateRequest, LoglikelihoodRequest, RollingRequest

if TYPE_CHECKING:
    from lmeval.plugins import PluginManager


def _h(*parts: Any) -> int:
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


class ReferenceLM(LM):
    """Deterministic scores from request hashes; generations by a fixed rule."""

    backend_name = "dummy"
    unused_run_options = frozenset({"batch_size", "max_batch_size", "device"})
    #: pacing, call counting and chunking: a run resumes with other values and keeps its answers
    cache_neutral_args = frozenset({"delay", "call_log", "chunk_size"})

    def __init__(self, seed: int = 0, delay: float = 0.0, call_log: str | None = None,
                 chunk_size: int | None = None, batch_size: Any = 1, max_batch_size: Any = None,
                 device: Any = None, think: int = 0, **_: Any) -> None:
        super().__init__()
        self.seed = int(seed)
        self.think = int(think)
        self.chunk_size = int(chunk_size) if chunk_size else None
        self.delay = float(delay)
        self.call_log = call_log
        self.calls = 0

    @staticmethod
    def extra_model_args(args: Any) -> None:
        """Any model argument: the reference LM stands in for real backends in tests (their
        ``pretrained=``, ``peft=`` ... name the run) and ignores what it does not use."""
        return None

    def _answered(self, index: int, answer: Any) -> None:
        """One request done: wait ``delay`` (a batch of one), then report it."""
        if self.delay:
            time.sleep(self.delay)
        self.report_answers({index: answer})

    def _record(self, kind: str, n: int) -> None:
        self.calls += n
        if self.call_log:
            with open(self.call_log, "a", encoding="utf-8") as fh:
                fh.write(f"{kind} {n}\n")

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        out = []
        for i, r in enumerate(requests):
            h = _h(self.seed, "ll", r.context, r.continuation)
            logprob = -((h % 100_000) / 10_000.0) - 0.05 * len(r.continuation)
            out.append((logprob, h % 3 == 0))
            self._answered(i, out[-1])
        self._record("loglikelihood", len(requests))
        return out

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        out = []
        for i, r in enumerate(requests):
            out.append(-(0.25 * len(r.text.split()) + (_h(self.seed, "roll", r.text) % 1000) / 1000.0))
            self._answered(i, out[-1])
        self._record("loglikelihood_rolling", len(requests))
        return out

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        out = []
        for i, r in enumerate(requests):
            h = _h(self.seed, "gen", r.context)
            text = f" The answer is {h % 10}.\n\nQuestion: ignored"
            if self.think:
                text = self._thought(h, r)
            for stop in r.until:
                if stop and stop in text:
                    text = text[: text.index(stop)]
            out.append(text)
            self._answered(i, text)
        self._record("generate_until", len(requests))
        return out

    def _thought(self, h: int, request: GenerateRequest) -> str:
        """Reasoning words, ``</think>``, the answer, then the end of text: cut at
        ``max_gen_toks`` words (the answer then never has a stop string to cut)."""
        from lmeval.backend.generation import decode_generation

        words = [f"w{j}" for j in range(self.think * (1 + h % 3))]
        words += ["</think>", "The", "answer", "is", f"{h % 10}."]
        budget = int(request.generation_kwargs().get("max_gen_toks", 256))
        ids = list(range(min(len(words), budget)))
        return decode_generation(ids, lambda t: " ".join(words[i] for i in t), request.until,
                                 "</think>", max_gen_toks=budget)

    def apply_chat_template(self, messages: Iterable[dict[str, str]],
                            add_generation_prompt: bool = True) -> str:
        text = "".join(f"<|{m['role']}|>\n{m['content']}\n" for m in messages)
        return text + ("<|assistant|>\n" if add_generation_prompt else "")

    @property
    def chat_template(self) -> str:
        return "reference-chat-template-v1"

    @property
    def tokenizer_name(self) -> str:
        return "reference"


@hookimpl
def lmeval_register_models(register: RegisterModel) -> None:
    register("dummy", ReferenceLM, aliases=("reference",))


def plugin_manager(*plugins: Any, autoload: bool = False) -> PluginManager:
    """A plugin manager with entry points off and ``plugins`` registered explicitly."""
    from lmeval.plugins import PluginManager

    return PluginManager(autoload=autoload, plugins=plugins)


def record_reports(lm: LM, kind: str, requests: Sequence[Any]) -> tuple[list[Any], list[dict[int, Any]]]:
    """Call ``lm.<kind>(requests)`` as the scheduler does and check its reports.

    Returns the answers and every ``report_answers`` batch, in order. Fails (AssertionError)
    when an index is reported twice or out of range, or a reported answer is not exactly the
    returned one: the checks every backend's reporting must pass.
    """
    batches: list[dict[int, Any]] = []
    with lm.answers_to(lambda answers: batches.append(dict(answers))):
        answers = list(getattr(lm, kind)(list(requests)))
    seen: set[int] = set()
    for batch in batches:
        for index, answer in batch.items():
            assert 0 <= index < len(answers), f"{kind}: reported index {index} of {len(answers)}"
            assert index not in seen, f"{kind}: request {index} reported twice"
            seen.add(index)
            assert repr(answer) == repr(answers[index]), (
                f"{kind}: request {index} reported {answer!r}, returned {answers[index]!r}")
    return answers, batches
