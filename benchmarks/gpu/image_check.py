"""Run a command as if only the GPU image's packages and the carried wheels were installed.

    python benchmarks/gpu/image_check.py PYTHON -- ARGS...

Runs ``PYTHON ARGS...`` with a ``sitecustomize`` that makes every top-level module of an
installed distribution that is neither in the device image (``IMAGE``: the package list of
/work/.library/device/KINDS.md for nvidia-h200) nor among the carried wheels (``CARRIED``,
fetch_wheels.sh) fail to import. What an image package needs in the checking venv is allowed
too (it stands for what the image's own, maybe older, release of it needs there). Used to find the few wheels lm-eval 0.4.13 needs there:
``image_check.py benchmarks/.work/ref-venv/bin/python -- benchmarks/gpu/bench_side.py PLAN``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

IMAGE = """absl-py accelerate aiofiles aiohappyeyeballs aiohttp aiosignal annotated-doc anyio attrs
botorch build certifi charset-normalizer chex click cloudpickle cmake colorama contourpy coverage
cuda-bindings cuda-core cuda-pathfinder cuda-toolkit cupy-cuda13x cycler cython diffrax e3nn einops
equinox etils execnet filelock flatbuffers flax fonttools formulaic frozenlist fsspec gpytorch grpcio
h11 h5py hf-xet httpcore httpx huggingface-hub humanize hypothesis idna imageio iniconfig
interface-meta jax jax-cuda13-pjrt jax-cuda13-plugin jaxlib jaxtyping jinja2 joblib kiwisolver
lazy-loader lightning lightning-utilities linear-operator lineax llvmlite lxml markdown
markdown-it-py markupsafe matplotlib mdurl meson ml-dtypes mpi4py mpmath msgpack multidict
multipledispatch mypy-extensions nanobind narwhals networkx ninja numba numba-cuda numpy numpyro
nvidia-cublas nvidia-cuda-cupti nvidia-cuda-nvrtc nvidia-cuda-runtime nvidia-cudnn-cu13 nvidia-cufft
nvidia-cufile nvidia-curand nvidia-cusolver nvidia-cusparse nvidia-cusparselt-cu13 nvidia-ml-py
nvidia-nccl-cu13 nvidia-nvjitlink nvidia-nvshmem-cu13 nvidia-nvtx onnx onnx-ir onnxruntime
onnxscript opencv-python-headless optax opt-einsum opt-einsum-fx optimistix orbax-checkpoint
packaging pandas pathspec patsy peft pillow pip pluggy portalocker prometheus-client propcache
protobuf psutil pyarrow pybind11 py-cpuinfo pygments pyparsing pyproject-hooks pyre-extensions
pytest pytest-benchmark pytest-cov pytest-mock pytest-timeout pytest-xdist python-dateutil
pytorch-lightning pyyaml regex requests rich sacrebleu safetensors scikit-build-core scikit-image
scikit-learn scipy seaborn sentencepiece sentence-transformers setuptools shellingham simplejson six
sortedcontainers statsmodels sympy tabulate tensorboard tensorboard-data-server tensorstore
threadpoolctl tifffile tiktoken timm tokenizers toolz torch torchaudio torchdiffeq torch-geometric
torchmetrics torchvision tqdm transformers treescope triton typer typing-extensions typing-inspect
urllib3 uvloop wadler-lindig werkzeug wheel wrapt xarray xxhash yarl zipp""".split()
CARRIED = ["lm-eval", "datasets", "dill", "multiprocess", "megatron-core"]
#: this checkout's packages, installed on the device by gpu_bench.sh
LOCAL_PREFIX = "lmeval"

SITE = '''
import importlib.abc, importlib.metadata, re, sys
ALLOWED = set({allowed!r})
CARRIED = set({carried!r})
LOCAL = {local!r}
def _norm(name):
    return name.lower().replace("_", "-").replace(".", "-")
def _needs(name):
    try:
        reqs = importlib.metadata.distribution(name).requires or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return [_norm(re.match(r"[A-Za-z0-9._-]+", r).group(0)) for r in reqs if "extra ==" not in r]
# what an image package needs in this venv stands for what its image release needs there
todo = [n for n in ALLOWED if n not in CARRIED]
while todo:
    for need in _needs(todo.pop()):
        if need not in ALLOWED:
            ALLOWED.add(need)
            todo.append(need)
BLOCKED = {{}}
for module, dists in importlib.metadata.packages_distributions().items():
    names = [_norm(d) for d in dists]
    if not any(n in ALLOWED or n.startswith(LOCAL) for n in names):
        BLOCKED[module] = names[0]
class _Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in BLOCKED:
            raise ModuleNotFoundError(
                f"image_check: {{top}} ({{BLOCKED[top]}}) is not on the GPU image", name=top)
        return None
sys.meta_path.insert(0, _Block())
'''


def main() -> int:
    if len(sys.argv) < 3 or "--" not in sys.argv:
        print(__doc__, file=sys.stderr)
        return 2
    python = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    allowed = sorted({n.lower() for n in IMAGE + CARRIED})
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "sitecustomize.py").write_text(SITE.format(allowed=allowed, carried=sorted(CARRIED), local=LOCAL_PREFIX))
        path = os.pathsep.join(p for p in (tmp, os.environ.get("PYTHONPATH", "")) if p)
        return subprocess.run([python, *command], env={**os.environ, "PYTHONPATH": path}).returncode


if __name__ == "__main__":
    sys.exit(main())
