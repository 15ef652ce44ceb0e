"""The ``vllm-vlm`` model type: vLLM's multimodal inputs, as lm-eval 0.4.13's ``vllm-vlm``.

Requests with images (:class:`lmeval.media.Media`) go to the engine as text prompts with
``multi_modal_data={"image": [...]}``: vLLM tokenizes the prompt and expands each image token of
it. The prompt rules are the kernel's (:mod:`lmeval.backend.image_prompts`), shared with
``hf-multimodal``: without a chat template the first ``max_images`` ``<image>`` placeholders are
kept (the rest dropped) for vLLM to expand; with one, messages become text and image parts for
the processor's chat template. Requests without images take the ``vllm`` paths.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.backend.generation import prompt_budget
from lmeval.backend.image_prompts import DEFAULT_MAX_IMAGES, ImagePrompts, check_resize_args
from lmeval.errors import UsageError
from lmeval.media import IMAGE, TEXT
from lmeval.protocol import GenerateRequest, RequestKind, RollingRequest

from lmeval_vllm.models import VLLM
from lmeval_vllm.sampling import sampling_fields

log = logging.getLogger("lmeval.vllm")


class VLLMVLM(ImagePrompts, VLLM):
    """``--model vllm-vlm``: a vision-language model on vLLM's offline engine.

    Model arguments: those of ``vllm``, plus lm-eval's ``interleave``, ``max_images`` (also
    vLLM's ``limit_mm_per_prompt``), ``image_width``, ``image_height`` and ``image_max_side``.
    """

    backend_name = "vllm-vlm"
    supported_inputs = frozenset({TEXT, IMAGE})
    image_kinds = frozenset({RequestKind.GENERATE_UNTIL})

    def __init__(self, pretrained: str, interleave: bool = True,
                 max_images: int = DEFAULT_MAX_IMAGES, image_width: int | None = None,
                 image_height: int | None = None, image_max_side: int | None = None,
                 **kwargs: Any) -> None:
        check_resize_args(image_width, image_height, image_max_side)
        if int(kwargs.get("data_parallel_size", 1)) > 1:
            raise UsageError("vllm-vlm: data_parallel_size > 1 is not supported yet; run one "
                             "engine (tensor_parallel_size for several GPUs)")
        self.interleave = bool(interleave)
        self.max_images = int(max_images)
        self.image_width, self.image_height = image_width, image_height
        self.image_max_side = image_max_side
        if self.max_images != DEFAULT_MAX_IMAGES and "limit_mm_per_prompt" not in kwargs:
            kwargs["limit_mm_per_prompt"] = {"image": self.max_images}
        #: set once a chat template has rendered a prompt: placeholders are then the template's
        self.chat_applied = False
        super().__init__(pretrained, **kwargs)
        from transformers import AutoProcessor

        self.processor = AutoProcessor.from_pretrained(
            pretrained, revision=self.revision,
            trust_remote_code=bool(kwargs.get("trust_remote_code")))

    def identity_extras(self) -> Mapping[str, Any]:
        return {**super().identity_extras(), "max_images": self.max_images}

    # -- request kinds -----------------------------------------------------------------
    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        return super().loglikelihood_rolling(requests)

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        with_images = [i for i, r in enumerate(requests) if r.media]
        if not with_images:
            return super().generate_until(requests)
        results: list[str | None] = [None] * len(requests)
        text_only = [i for i in range(len(requests)) if not requests[i].media]
        if text_only:
            outer = self._answer_sink

            def remap(answers: Mapping[int, Any]) -> None:
                if outer is not None:
                    outer({text_only[j]: a for j, a in answers.items()})

            with self.answers_to(remap):
                texts = super().generate_until([requests[i] for i in text_only])
            for j, text in enumerate(texts):
                results[text_only[j]] = text
        answers = self._generate_with_images([requests[i] for i in with_images])
        for i, text in zip(with_images, answers, strict=True):
            results[i] = text
        self.report_answers(dict(zip(with_images, answers, strict=True)))
        return results  # type: ignore[return-value]

    def _generate_with_images(self, requests: Sequence[GenerateRequest]) -> list[str]:
        from vllm import SamplingParams

        eos = self.tokenizer.decode(self.eot_token_id) or getattr(self.tokenizer, "eos_token", "")
        prompts, params, cuts, skip = [], [], [], []
        for request in requests:
            fields, stops, max_gen_toks = sampling_fields(
                request.generation_kwargs(), request.until, eos=eos,
                default_max_gen_toks=self.max_gen_toks, think_end_token=self.think_end_token,
                valid_fields=self._sampling_fields)
            text = self._prompt(request.context)
            room = prompt_budget(self.max_length, max_gen_toks)
            if len(self.encoder.encode(text)) > room:
                log.warning("vllm-vlm: a prompt is longer than max_length - max_gen_toks (%d "
                            "tokens); vLLM refuses prompts beyond max_model_len", room)
            prompts.append({"prompt": text, "multi_modal_data": {"image": self._images(request)}})
            params.append(SamplingParams(max_tokens=max_gen_toks, **fields))
            cuts.append(stops)
            skip.append(bool(request.generation_kwargs().get("skip_special_tokens", True)))
        llm = getattr(self.engine, "llm", None)
        if llm is None:
            raise UsageError("vllm-vlm needs the in-process engine (data_parallel_size=1)")
        outputs = llm.generate(prompts, sampling_params=params, use_tqdm=False)
        return [self._answer(list(out.outputs[0].token_ids), cut, keep)
                for out, cut, keep in zip(outputs, cuts, skip, strict=True)]
