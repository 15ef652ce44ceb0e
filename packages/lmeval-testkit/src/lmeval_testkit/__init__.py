"""lmeval's test kit: what backend and task-pack tests share, kept out of the runtime wheels.

Submodules (each imports its heavy libraries only when called):

* :mod:`lmeval_testkit.hf` — deterministic tiny transformers models and tokenizers, built locally.
* :mod:`lmeval_testkit.api` — ``FaultServer``, a fault-injecting OpenAI/Anthropic/TextSynth-style server.
* :mod:`lmeval_testkit.megatron` — tiny Megatron checkpoints made from the tiny Llama.
* :mod:`lmeval_testkit.onnx` — a tiny Model Builder export of the tiny Llama.
* :mod:`lmeval_testkit.openvino` — the tiny Llama exported to OpenVINO IR by optimum-intel.
* :mod:`lmeval_testkit.vs_hf` — an export backend's runs compared with ``--model hf`` on the source model.
* :mod:`lmeval_testkit.taskgen` — deterministic task-config YAML for the task packs' generators.
* :mod:`lmeval_testkit.llamacpp` — GGUF conversion and a ``llama-server`` process.
* :mod:`lmeval_testkit.goldens` — a task pack's golden requests: written with lm-eval, checked in tests.
* :mod:`lmeval_testkit.plugin` — the pytest plugin (fixtures), loaded by the ``pytest11`` entry point.

``lmeval.testing`` (the ``dummy`` backend, ``ReferenceLM``) stays in lmeval-core.
"""
