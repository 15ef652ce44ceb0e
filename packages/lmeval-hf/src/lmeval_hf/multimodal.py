"""The ``hf-multimodal`` backend: transformers image-text-to-text models, as lm-eval 0.4.13 runs them.

An ``AutoModelForImageTextToText`` with its ``AutoProcessor``. Requests with images
(:class:`lmeval.media.Media`) are generated through the processor; requests without images take
the ``hf`` paths (:class:`~lmeval_hf.models.HFLM`), as in lm-eval. The ``<image>`` placeholder
rules are the kernel's (:mod:`lmeval.backend.image_prompts`): in plain text the first ``max_images``
placeholders become the model's image token; with ``--apply_chat_template`` each message becomes
text and image parts (``interleave``) for the processor's chat template.

lm-eval 0.4.13 refuses log-likelihoods of requests with images ("not yet tested"); so does this
backend, before any model call.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

# isort: off
from lmeval_hf import openmp  # noqa: F401  (before torch: OpenMP's spin count, see the module)
# isort: on
import transformers
from lmeval.backend.encoding import TokenEncoder
from lmeval.backend.generation import decode_generation, group_by_kwargs, stop_sequences
from lmeval.backend.image_prompts import DEFAULT_MAX_IMAGES, ImagePrompts, check_resize_args
from lmeval.errors import UsageError
from lmeval.media import IMAGE, TEXT
from lmeval.protocol import GenerateRequest, RequestKind, RollingRequest

from lmeval_hf.generation import generate_call_kwargs, stopping_criteria
from lmeval_hf.loading import configure_pad_token
from lmeval_hf.models import HFLM

log = logging.getLogger("lmeval.hf")


class HFMultimodalLM(ImagePrompts, HFLM):
    """A transformers vision-language model (``AutoModelForImageTextToText``) and its processor.

    Model arguments: those of ``hf``, plus lm-eval's ``image_token_id``, ``image_string``,
    ``interleave``, ``max_images``, ``convert_img_format``, ``min_pixels``, ``max_pixels``,
    ``image_width``, ``image_height`` and ``image_max_side``.
    """

    backend_name = "hf-multimodal"
    supported_inputs = frozenset({TEXT, IMAGE})
    image_kinds = frozenset({RequestKind.GENERATE_UNTIL})
    AUTO_MODEL_CLASS = transformers.AutoModelForImageTextToText

    @staticmethod
    def check_chat_template(args: Mapping[str, Any], template: bool | str) -> str | None:
        """The processor holds a VLM's chat template: it is tried once the model has loaded."""
        return None

    def __init__(
        self,
        pretrained: str | transformers.PreTrainedModel,
        image_token_id: int | None = None,
        image_string: str | None = None,
        interleave: bool = True,
        max_images: int | None = DEFAULT_MAX_IMAGES,
        convert_img_format: bool = False,
        min_pixels: int | None = None,
        max_pixels: int | None = None,
        image_width: int | None = None,
        image_height: int | None = None,
        image_max_side: int | None = None,
        **kwargs: Any,
    ) -> None:
        check_resize_args(image_width, image_height, image_max_side)
        if str(kwargs.get("batch_size", 1)).startswith("auto"):
            raise UsageError("hf-multimodal takes a fixed --batch_size, not 'auto' (as lm-eval)")
        self.image_width = image_width
        self.image_height = image_height
        self.image_max_side = image_max_side
        self.interleave = bool(interleave)
        self.max_images = DEFAULT_MAX_IMAGES if max_images is None else int(max_images)
        self.convert_img_format = bool(convert_img_format)
        #: set once a chat template has rendered a prompt: placeholders are then the template's
        self.chat_applied = False
        pixels = {k: v for k, v in (("min_pixels", min_pixels), ("max_pixels", max_pixels)) if v}
        super().__init__(pretrained, **kwargs)
        source = kwargs.get("tokenizer") or (pretrained if isinstance(pretrained, str)
                                            else self.model.name_or_path)
        if isinstance(source, transformers.ProcessorMixin):
            self.processor = source
        else:
            self.processor = transformers.AutoProcessor.from_pretrained(
                source, revision=self.revision,
                trust_remote_code=bool(kwargs.get("trust_remote_code")), **pixels)
        # the processor's tokenizer encodes and decodes, as in lm-eval
        self.tokenizer = configure_pad_token(self.processor.tokenizer,
                                             getattr(self.config, "model_type", None))
        self.encoder = TokenEncoder(self.tokenizer, add_bos_token=self.add_bos_token,
                                    prefix_token_id=kwargs.get("prefix_token_id"),
                                    causal=self.backend == "causal")
        self.image_token = self._image_token(image_token_id, image_string)

    def _image_token(self, image_token_id: int | None, image_string: str | None) -> str:
        """The text that stands for one image in the model's prompt."""
        if image_string:
            return str(image_string)
        token_id = (int(image_token_id) if image_token_id is not None else
                    getattr(self.config, "image_token_id", None)
                    or getattr(self.config, "image_token_index", None))
        if token_id is None:
            raise UsageError("hf-multimodal needs the model's image token: its config has no "
                             "image_token_id; pass image_token_id=<id> or image_string=<text> "
                             "in --model_args")
        return self.tok_decode([int(token_id)], skip_special_tokens=False)

    @property
    def chat_template(self) -> str | None:
        template = getattr(getattr(self, "processor", None), "chat_template", None)
        return template if template else super().chat_template

    def identity_extras(self) -> Mapping[str, Any]:
        return {**super().identity_extras(), "image_token": self.image_token}

    @property
    def image_placeholder(self) -> str:
        return self.image_token

    def _images(self, request: GenerateRequest) -> list[Any]:
        images = super()._images(request)
        return [pil.convert("RGB") for pil in images] if self.convert_img_format else images

    # ------------------------------------------------------------------ request kinds
    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        return super().loglikelihood_rolling(requests)

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        with_images = [i for i, r in enumerate(requests) if r.media]
        if not with_images:
            return super().generate_until(requests)
        results: list[str | None] = [None] * len(requests)
        text_only = [i for i in range(len(requests)) if not requests[i].media]
        if text_only:
            offset = {j: i for j, i in enumerate(text_only)}

            def report(answers: Mapping[int, Any]) -> None:
                self.report_answers({offset[j]: a for j, a in answers.items()})

            from lmeval_hf.generation import generate_until

            items = [(self._text(requests[i].context),
                      {"until": list(requests[i].until), **requests[i].generation_kwargs()})
                     for i in text_only]
            for j, text in enumerate(generate_until(self, items, report)):
                results[text_only[j]] = text
        self._generate_with_images(requests, with_images, results)
        return results  # type: ignore[return-value]

    def _generate_with_images(self, requests: Sequence[GenerateRequest], indices: list[int],
                              results: list[str | None]) -> None:
        """lm-eval's order: by generation arguments, longest prompt first, fixed batches."""
        batch_size = int(self.batch_size) if self.batch_size != "auto" else 1
        eos = self.tok_decode([self.eot_token_id], skip_special_tokens=False)
        kwargs_of = {i: {"until": list(requests[i].until), **requests[i].generation_kwargs()}
                     for i in indices}
        for group in group_by_kwargs(kwargs_of[i] for i in indices):
            members = [indices[g] for g in group]
            contexts = {i: self._text(requests[i].context) for i in members}
            lengths = {i: len(self.tok_encode(contexts[i])) for i in members}
            order = sorted(members, key=lambda i: (-lengths[i], contexts[i]))
            for lo in range(0, len(order), batch_size):
                chunk = order[lo:lo + batch_size]
                texts = self._generate_chunk([self._prompt(requests[i].context) for i in chunk],
                                             [self._images(requests[i]) for i in chunk],
                                             dict(kwargs_of[chunk[0]]), eos)
                answers = dict(zip(chunk, texts, strict=True))
                for i, text in answers.items():
                    results[i] = text
                self.report_answers(answers)

    def _generate_chunk(self, prompts: list[str], visuals: list[list[Any]], kwargs: dict,
                        eos: str) -> list[str]:
        until = stop_sequences(kwargs.pop("until", None), eos=eos)
        max_gen_toks = int(kwargs.pop("max_gen_toks", self.max_gen_toks))
        inputs = self._encode(prompts, visuals, left_truncate_len=self.max_length - max_gen_toks)
        width = inputs["input_ids"].shape[1]
        max_length = kwargs.pop("max_length", width + max_gen_toks)
        stopping = stopping_criteria(until, self.tokenizer, width, inputs["input_ids"].shape[0])
        with self.model_context():
            out = self.model.generate(**inputs, max_length=max_length, stopping_criteria=stopping,
                                      pad_token_id=self.tokenizer.pad_token_id, use_cache=True,
                                      **generate_call_kwargs(kwargs))
        return [decode_generation(row[width:], self.tok_decode, until, self.think_end_token)
                for row in out.tolist()]

    def _encode(self, prompts: list[str], visuals: list[list[Any]],
                left_truncate_len: int | None) -> Any:
        """The processor's batch: text left-padded, images as the model takes them."""
        images: list[Any] = visuals
        if getattr(self.config, "model_type", "") == "llava":  # one flat list, as lm-eval
            images = [image for row in visuals for image in row]
        old_side = self.tokenizer.padding_side
        self.tokenizer.padding_side = "left"
        try:
            encoding = self.processor(images=images, text=prompts, truncation=self.truncation,
                                      padding="longest", return_tensors="pt")
        finally:
            self.tokenizer.padding_side = old_side
        encoding = encoding.to(self.device, self.model.dtype)
        if left_truncate_len:
            for key in ("input_ids", "attention_mask"):
                encoding[key] = encoding[key][:, -left_truncate_len:]
        return encoding
