"""``hf-multimodal`` on a tiny real Llava (built locally): generations equal transformers' own
greedy generation from the processor's inputs, lm-eval's placeholder and chat rules, image
limits and resizing, text requests on the ``hf`` paths, and refused inputs."""

from __future__ import annotations

import pytest

pytest.importorskip("PIL", reason="hf-multimodal needs pillow (lmeval-hf[multimodal])")

from lmeval import media  # noqa: E402
from lmeval.backend import image_prompts as imagelib  # noqa: E402
from lmeval.errors import UsageError  # noqa: E402
from lmeval.protocol import (  # noqa: E402
    GenerateRequest,
    LoglikelihoodRequest,
    UnsupportedRequestError,
)
from lmeval_hf.multimodal import HFMultimodalLM  # noqa: E402
from lmeval_testkit.vlm import build_tiny_llava, draw_image, png_bytes  # noqa: E402

GEN = {"until": ["\n\n"], "max_gen_toks": 6, "do_sample": False, "temperature": 0.0}


@pytest.fixture(scope="module")
def llava_path(tmp_path_factory):
    return str(build_tiny_llava(tmp_path_factory.mktemp("vlm") / "llava"))


@pytest.fixture(scope="module")
def lm(llava_path):
    return HFMultimodalLM(pretrained=llava_path, batch_size=2, device="cpu")


def _request(text: str, seeds: list[int], **gen) -> GenerateRequest:
    return GenerateRequest.make(text, {**GEN, **gen},
                                media.images([png_bytes(draw_image(s)) for s in seeds]))


def _oracle(lm: HFMultimodalLM, prompt: str, seeds: list[int], max_new: int = 6) -> str:
    """transformers alone: the processor's inputs, greedy ``generate``, decoded."""
    import torch

    inputs = lm.processor(text=[prompt], images=[draw_image(s) for s in seeds], return_tensors="pt")
    with torch.no_grad():
        out = lm.model.generate(**inputs, max_new_tokens=max_new, do_sample=False,
                                pad_token_id=lm.tokenizer.pad_token_id)
    text = lm.processor.tokenizer.decode(out[0, inputs["input_ids"].shape[1]:],
                                         skip_special_tokens=True)
    return text.split("\n\n")[0]


def test_generations_equal_transformers_greedy(lm):
    requests = [_request("<image>What is shown?", [1]), _request("<image>Count the bars.", [2]),
                _request("Two: <image> and <image>!", [3, 4])]
    got = lm.generate_until(requests)
    assert got == [_oracle(lm, "<image>What is shown?", [1]),
                   _oracle(lm, "<image>Count the bars.", [2]),
                   _oracle(lm, "Two: <image> and <image>!", [3, 4])]
    assert len(set(got)) == 3  # the images and prompts change the answers


def test_the_image_changes_the_answer(lm):
    answers = {lm.generate_until([_request("<image>Describe.", [seed], max_gen_toks=8)])[0]
               for seed in range(4)}
    assert len(answers) > 1


def test_max_images_keeps_the_first_images_and_placeholders(llava_path):
    one = HFMultimodalLM(pretrained=llava_path, batch_size=1, device="cpu", max_images=1)
    assert one._prompt("a<image>b<image>c") == "a<image>bc"  # the token is <image>: extras dropped
    (got,) = one.generate_until([_request("a<image>b<image>c", [5, 6])])
    assert got == _oracle(one, "a<image>bc", [5])


def test_chat_template_interleaves_image_parts(llava_path):
    lm = HFMultimodalLM(pretrained=llava_path, batch_size=1, device="cpu")
    text = lm.apply_chat_template([{"role": "user", "content": "<image>Left<image>right"}])
    assert text == "<|user|>\n<image>Left<image>right<|end|>\n<|assistant|>\n"
    assert lm.chat_applied
    flat = HFMultimodalLM(pretrained=llava_path, batch_size=1, device="cpu", interleave=False)
    text = flat.apply_chat_template([{"role": "user", "content": "<image>Left<image>right"}])
    assert text == "<|user|>\n<image><image>Leftright<|end|>\n<|assistant|>\n"
    (got,) = flat.generate_until([_request(text, [7, 8])])
    assert got == _oracle(flat, text, [7, 8])


def test_text_requests_take_the_hf_path_and_mix_with_image_requests(lm):
    text_only = GenerateRequest.make("Question: the river is", GEN)
    alone = lm.generate_until([text_only])
    mixed = lm.generate_until([_request("<image>Hi", [9]), text_only])
    assert mixed[1] == alone[0]
    assert mixed[0] == _oracle(lm, "<image>Hi", [9])
    (ll,) = lm.loglikelihood([LoglikelihoodRequest("The river", " is")])
    assert ll[0] < 0


def test_loglikelihood_with_images_is_refused_as_in_lm_eval(lm):
    request = LoglikelihoodRequest("<image>A", " b", media.images([png_bytes(draw_image(1))]))
    with pytest.raises(UnsupportedRequestError, match="lm-eval 0.4.13 refuses them too"):
        lm.loglikelihood([request])


@pytest.mark.parametrize("args,message", [
    ({"image_max_side": 16, "image_width": 8}, "image_max_side cannot be combined"),
    ({"batch_size": "auto"}, "fixed --batch_size"),
])
def test_bad_arguments(llava_path, args, message):
    with pytest.raises(UsageError, match=message):
        HFMultimodalLM(pretrained=llava_path, device="cpu", **args)


def test_image_size_limits_and_format(llava_path):
    image = draw_image(1, (40, 20))
    assert imagelib.resize(image, max_side=10).size == (10, 5)
    assert imagelib.resize(image, width=20).size == (20, 10)
    assert imagelib.resize(image, height=5).size == (10, 5)
    assert imagelib.resize(image, width=8, height=8).size == (8, 4)
    assert imagelib.resize(image, width=80, height=80) is image  # never enlarged
    assert imagelib.resize(image) is image
    lm = HFMultimodalLM(pretrained=llava_path, batch_size=1, device="cpu", image_max_side=12,
                        convert_img_format=True)
    grey = draw_image(3).convert("L")
    (pil,) = lm._images(GenerateRequest.make("<image>", GEN, media.images([png_bytes(grey)])))
    assert pil.size == (12, 10) and pil.mode == "RGB"


def test_images_open_from_every_form(tmp_path):
    image = draw_image(2)
    data = png_bytes(image)
    path = tmp_path / "x.png"
    path.write_bytes(data)
    for form in (image, data, {"bytes": data, "path": None}, {"bytes": None, "path": str(path)},
                 str(path)):
        assert imagelib.to_pil(form).tobytes() == image.tobytes()


def test_registered_and_declares_image_input():
    from lmeval.plugins import get_plugin_manager

    factory = get_plugin_manager().model_factory("hf-multimodal")
    assert factory is HFMultimodalLM and "image" in factory.supported_inputs
