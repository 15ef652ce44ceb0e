"""Requests with images: ``doc_to_image`` in every YAML form, the cache key over image content,
lm-eval's ``<image>`` placeholder rules, and text-only backends refused before any model call.

The core holds images without importing PIL: these tests use encoded bytes and files, and PIL
only where it is installed (a decoded image's digest).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from lmeval import media
from lmeval.backend.image_prompts import chat_parts, kept, replace_placeholders
from lmeval.errors import ConfigError, UsageError
from lmeval.evaluator import evaluate
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, UnsupportedRequestError
from lmeval.run.cache import request_key
from lmeval.run.scheduler import Scheduler
from lmeval.testing import ReferenceLM

PNG_A = b"\x89PNG\r\n\x1a\n" + b"a" * 40
PNG_B = b"\x89PNG\r\n\x1a\n" + b"b" * 40


class ImageLM(ReferenceLM):
    """The reference LM, declaring image input; it records the digests each request carried."""

    backend_name = "image-reference"
    supported_inputs = frozenset({"text", "image"})
    seen: list[tuple[str, ...]] = []

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        ImageLM.seen += [tuple(i.digest for i in r.media.images) for r in requests]
        return super().generate_until(requests)

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        ImageLM.seen += [tuple(i.digest for i in r.media.images) for r in requests]
        return super().loglikelihood(requests)


def _task(root: Path, name: str, doc_to_image: str, output: str = "generate_until",
          docs: list[dict] | None = None, extra: str = "") -> None:
    docs = docs or [{"q": f"q{i}", "answer": "4", "img": str(root / f"{i}.png"),
                     "img2": str(root / f"{(i + 1) % 3}.png")} for i in range(3)]
    for i, data in enumerate((PNG_A, PNG_B, PNG_A + b"c")):
        (root / f"{i}.png").write_bytes(data)
    (root / f"{name}.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    kind = (f"output_type: {output}\n" + ("doc_to_choice: ['A', 'B']\n"
                                           if output == "multiple_choice" else ""))
    (root / f"{name}.yaml").write_text(
        f"task: {name}\ndataset_path: json\ndataset_kwargs:\n  data_files:\n    test: {name}.jsonl\n"
        f"test_split: test\n{kind}doc_to_text: \"<image>{{{{q}}}}\"\n"
        f"doc_to_target: {'0' if output == 'multiple_choice' else 'answer'}\n"
        f"doc_to_image: {doc_to_image}\n{extra}")


def _digest(data: bytes) -> str:
    return media.digest(data)


# -- doc_to_image forms --------------------------------------------------------------------------
@pytest.mark.parametrize("spec,expected", [
    ("img", lambda i: [i]),                              # a column
    ("[img, img2]", lambda i: [i, (i + 1) % 3]),         # a list of columns
    ("\"{{ [img2] }}\"", lambda i: [(i + 1) % 3]),       # a template rendering a Python literal
    ("!function imgs.pick", lambda i: [(i + 1) % 3, i]),  # a function
])
def test_doc_to_image_forms_give_each_request_its_images(tmp_path, spec, expected):
    (tmp_path / "imgs.py").write_text("def pick(doc):\n    return [doc['img2'], doc['img']]\n")
    _task(tmp_path, "mm", spec)
    ImageLM.seen = []
    out = evaluate(ImageLM(), None, ["mm"], include_path=str(tmp_path), bootstrap_iters=0,
                   log_samples=True)
    data = [PNG_A, PNG_B, PNG_A + b"c"]
    want = {tuple(_digest(data[j]) for j in expected(i)) for i in range(3)}
    assert set(ImageLM.seen) == want
    sample = out["samples"]["mm"][0]
    assert sample["arguments"][0][2] == {"visual": [_digest(data[j]) for j in expected(0)]}


def test_show_prompts_names_each_image_by_its_digest(tmp_path, capsys):
    _task(tmp_path, "mm", "img")
    evaluate(ImageLM(), None, ["mm"], include_path=str(tmp_path), bootstrap_iters=0,
             write_out=True)
    out = capsys.readouterr().out
    assert "<image>q0" in out and json.dumps({"visual": [_digest(PNG_A)]}) in out


def test_multiple_choice_requests_all_carry_the_images(tmp_path):
    _task(tmp_path, "mc", "img", output="multiple_choice")
    ImageLM.seen = []
    evaluate(ImageLM(), None, ["mc"], include_path=str(tmp_path), bootstrap_iters=0)
    assert len(ImageLM.seen) == 6 and all(len(s) == 1 for s in ImageLM.seen)


@pytest.mark.parametrize("spec,message", [
    ("imgg", "neither a column of the dataset nor a template"),
    ("missing_col_fn", "the document has no image (doc_to_image gave None)"),
    ("[img]", "image 0 of the document is missing (None)"),
])
def test_bad_doc_to_image_names_the_field(tmp_path, spec, message):
    docs = [{"q": "q", "answer": "4", "img": None}] * 2
    _task(tmp_path, "bad", "img" if spec == "missing_col_fn" else spec, docs=docs)
    with pytest.raises(ConfigError) as err:
        evaluate(ImageLM(), None, ["bad"], include_path=str(tmp_path), bootstrap_iters=0)
    assert err.value.field == "doc_to_image" and message in err.value.message


def test_an_unusable_image_value_is_an_error(tmp_path):
    docs = [{"q": "q", "answer": "4", "img": 42}]
    _task(tmp_path, "num", "img", docs=docs)
    with pytest.raises(ConfigError, match="cannot use a builtins.int as an image"):
        evaluate(ImageLM(), None, ["num"], include_path=str(tmp_path), bootstrap_iters=0)


# -- text-only backends --------------------------------------------------------------------------
def test_text_only_backend_is_refused_before_the_model_loads(tmp_path):
    _task(tmp_path, "mm", "img")
    calls = tmp_path / "calls.log"
    with pytest.raises(UsageError) as err:
        evaluate("dummy", f"call_log={calls}", ["mm"], include_path=str(tmp_path),
                 bootstrap_iters=0)
    assert "task 'mm' gives the model images (doc_to_image)" in str(err.value)
    assert "backend 'dummy' takes text input only" in str(err.value)
    assert "--model hf-multimodal" in str(err.value)
    assert not calls.exists()


def test_text_only_lm_instance_is_refused_before_any_call(tmp_path):
    lm = ReferenceLM()
    request = GenerateRequest.make("<image>hi", {"until": ["\n"]},
                                   media.images([PNG_A]))
    with pytest.raises(UnsupportedRequestError, match="backend 'dummy' takes text input only; "
                                                      "the requests carry images"):
        Scheduler(lm, progress=False).run([(request, 0)])
    assert lm.calls == 0


def test_cli_exit_2_without_traceback(tmp_path):
    _task(tmp_path, "mm", "img")
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks",
                           "mm", "--include_path", str(tmp_path)], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path,
                          env={**__import__("os").environ, "LMEVAL_CACHE_DIR": str(tmp_path / "c")})
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "takes text input only" in proc.stderr


# -- the cache key ------------------------------------------------------------------------------
def _key(images: list[Any]) -> str:
    request = GenerateRequest.make("<image>q", {"until": ["\n"]}, media.images(images))
    return request_key(request.kind.value, request.args)


def test_cache_key_covers_image_content(tmp_path):
    path = tmp_path / "a.png"
    path.write_bytes(PNG_A)
    same = {_key([PNG_A]), _key([bytearray(PNG_A)]), _key([{"bytes": PNG_A, "path": "x.png"}]),
            _key([str(path)]), _key([{"bytes": None, "path": str(path)}])}
    assert len(same) == 1
    assert _key([PNG_B]) not in same
    assert _key([PNG_A, PNG_A]) not in same  # how many images counts
    assert _key([PNG_A, PNG_B]) != _key([PNG_B, PNG_A])  # and their order
    text_only = GenerateRequest.make("<image>q", {"until": ["\n"]})
    assert request_key(text_only.kind.value, text_only.args) not in same
    ll = [LoglikelihoodRequest("c", " x", media.images([d])) for d in (PNG_A, PNG_B)]
    assert request_key("loglikelihood", ll[0].args) != request_key("loglikelihood", ll[1].args)


def test_decoded_pil_images_key_by_pixels():
    image_mod = pytest.importorskip("PIL.Image", reason="PIL is not installed")
    a = image_mod.new("RGB", (4, 3), (10, 20, 30))
    b = image_mod.new("RGB", (4, 3), (10, 20, 30))
    c = image_mod.new("RGB", (4, 3), (10, 20, 31))
    d = image_mod.new("RGB", (3, 4), (10, 20, 30))  # same bytes, other shape
    assert _key([a]) == _key([b])
    assert len({_key([a]), _key([c]), _key([d])}) == 3
    buffer = __import__("io").BytesIO()
    a.save(buffer, format="PNG")  # lm-eval's sample-file hash of an image: sha256 of its PNG
    assert media.digest(a) == __import__("hashlib").sha256(buffer.getvalue()).hexdigest()
    assert _key([a]) == _key([buffer.getvalue()])  # decoded or encoded: one cache entry


def test_requests_with_images_are_hashable_and_equal_by_content():
    one = GenerateRequest.make("<image>q", {"until": ["\n"]}, media.images([PNG_A]))
    two = GenerateRequest.make("<image>q", {"until": ["\n"]}, media.images([bytes(PNG_A)]))
    assert one == two and hash(one) == hash(two)


def test_the_core_does_not_import_pil():
    code = ("import sys, lmeval.media, lmeval.backend.image_prompts, lmeval.tasks.task; "
            "print(any(m == 'PIL' or m.startswith('PIL.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- placeholders -------------------------------------------------------------------------------
@pytest.mark.parametrize("text,token,max_images,expected", [
    ("<image>a<image>b", "<img>", 999, "<img>a<img>b"),
    ("<image>a<image>b<image>", "<img>", 2, "<img>a<img>b<image>"),  # beyond the limit: kept
    ("<image>a<image>b<image>", "<image>", 1, "<image>ab"),          # ... or dropped
    ("no images", "<img>", 3, "no images"),
    ("<image><image>", "<img>", 0, "<image><image>"),
])
def test_replace_placeholders(text, token, max_images, expected):
    assert replace_placeholders(text, token, max_images) == expected


def test_chat_parts_interleaved_and_not():
    messages = [{"role": "system", "content": "sys"},
                {"role": "user", "content": "<image>first<image> then <image>"}]
    inter = chat_parts(messages, max_images=2)
    assert inter[0]["content"] == [{"type": "text", "text": "sys"}]
    assert inter[1] == {"role": "user", "content": [
        {"type": "image"}, {"type": "text", "text": "first"}, {"type": "image"},
        {"type": "text", "text": " then "}]}
    flat = chat_parts(messages, max_images=2, interleave=False)
    assert flat[1]["content"] == [{"type": "image", "image": None}, {"type": "image", "image": None},
                                  {"type": "text", "text": "first then "}]
    assert messages[1]["content"] == "<image>first<image> then <image>"  # input untouched
    assert kept([1, 2, 3], 2) == [1, 2]


@pytest.mark.parametrize("spec,docs,message", [
    ("imgg", None, "doc_to_image: 'imgg' is neither a column of the dataset nor a template"),
    ("img", [{"q": "q", "answer": "4", "img": None}], "the document has no image"),
    ("img", [{"q": "q", "answer": "4", "img": 3}], "cannot use a builtins.int as an image"),
    ("42", None, "doc_to_image: expected str or list or FunctionRef, got int 42"),
])
def test_validate_names_bad_images(tmp_path, capsys, spec, docs, message):
    from lmeval.cli import main

    _task(tmp_path, "val", spec, docs=docs)
    assert main(["validate", str(tmp_path / "val.yaml")]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert f"val.yaml:{_line(tmp_path / 'val.yaml', 'doc_to_image')}: " in text and message in text


def _line(path: Path, key: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(key))


def test_validate_passes_good_images(tmp_path, capsys):
    from lmeval.cli import main

    _task(tmp_path, "val", "[img, img2]")
    assert main(["validate", str(tmp_path / "val.yaml")]) == 0


def test_image_tasks_of_a_kind_the_backend_cannot_take_are_refused_before_it_loads(tmp_path):
    from lmeval.protocol import RequestKind

    class GenerateOnly(ImageLM):
        backend_name = "gen-only-vlm"
        image_kinds = frozenset({RequestKind.GENERATE_UNTIL})

    _task(tmp_path, "mc", "img", output="multiple_choice")
    ImageLM.seen = []
    with pytest.raises(UsageError, match=r"task 'mc' \(multiple_choice\) gives the model images, "
                                         r"but backend 'gen-only-vlm' takes images only in "
                                         r"generate_until requests"):
        evaluate(GenerateOnly(), None, ["mc"], include_path=str(tmp_path), bootstrap_iters=0)
    assert ImageLM.seen == []
    _task(tmp_path, "gen", "img")
    evaluate(GenerateOnly(), None, ["gen"], include_path=str(tmp_path), bootstrap_iters=0)
    assert len(ImageLM.seen) == 3
