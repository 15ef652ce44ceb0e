"""extra_args parsing and the arguments -> megatron-core config mapping."""

import argparse

import pytest
from lmeval.errors import UsageError
from lmeval_megatron import arguments

pytest.importorskip("megatron.core", reason="megatron-core is installed by ci-setup.sh")


def test_extra_args_are_split_like_a_shell_and_mapped_to_megatron_destinations():
    tokens = arguments.parse_extra_args(
        "--no-rope-fusion --trust-remote-code --expert-tensor-parallel-size 1 "
        "--no-load-optim --attention-backend=local --disable-bias-linear --foo 1 2 --name 'a b'")
    assert arguments.extra_args_to_dict(tokens) == {
        "apply_rope_fusion": False, "trust_remote_code": True,
        "expert_tensor_parallel_size": 1, "attention_backend": "local",
        "add_bias_linear": False, "foo": [1, 2], "name": "a b"}


def test_no_prefix_turns_an_option_off_and_bad_tokens_are_refused():
    assert arguments.extra_args_to_dict(["--no-qk-layernorm"]) == {"qk_layernorm": False}
    with pytest.raises(UsageError, match="expected an option starting with '--'"):
        arguments.extra_args_to_dict(["value"])
    with pytest.raises(UsageError, match="extra_args"):
        arguments.parse_extra_args("--a 'unclosed")


def _args(**kw):
    base = dict(num_layers=2, hidden_size=32, num_attention_heads=4, ffn_hidden_size=64,
                group_query_attention=False, num_query_groups=2, swiglu=True,
                normalization="RMSNorm", norm_epsilon=1e-6, padded_vocab_size=128,
                max_position_embeddings=64, position_embedding_type="rope",
                untie_embeddings_and_output_weights=True, masked_softmax_fusion=True,
                hidden_dropout=0.1, recompute_granularity="full", transformer_impl="local")
    base.update(kw)
    return argparse.Namespace(**base)


def test_config_from_training_args_is_an_inference_config():
    import torch

    kw = arguments.config_kwargs(_args(), {}, params_dtype=torch.float32, tensor=1, expert=1,
                                 use_cpu_initialization=True)
    assert kw["num_query_groups"] is None  # group_query_attention=False wins
    assert kw["gated_linear_unit"] and kw["activation_func"] is torch.nn.functional.silu
    assert kw["layernorm_epsilon"] == 1e-6 and kw["normalization"] == "RMSNorm"
    assert kw["hidden_dropout"] == 0.0 and kw["recompute_granularity"] is None
    assert kw["masked_softmax_fusion"] is False and kw["apply_rope_fusion"] is False
    # an explicit extra_args choice wins over the inference defaults
    kw = arguments.config_kwargs(_args(), {"masked_softmax_fusion": True, "qk_layernorm": True},
                                 params_dtype=torch.bfloat16, tensor=2, expert=1,
                                 use_cpu_initialization=False)
    assert kw["masked_softmax_fusion"] is True and kw["qk_layernorm"] is True
    assert kw["bf16"] and kw["tensor_model_parallel_size"] == 2


def test_missing_architecture_is_a_usage_error():
    import torch

    with pytest.raises(UsageError, match="num_layers is unknown.*num_layers=\\.\\.\\."):
        arguments.config_kwargs(argparse.Namespace(hidden_size=8, num_attention_heads=2), {},
                                params_dtype=torch.float32, tensor=1, expert=1,
                                use_cpu_initialization=True)


def test_model_kwargs_follow_megatron_lm_model_provider():
    kw = arguments.model_kwargs(_args())
    assert kw["vocab_size"] == 128 and kw["max_sequence_length"] == 64
    assert kw["position_embedding_type"] == "rope"
    assert kw["share_embeddings_and_output_weights"] is False
    old = arguments.model_kwargs(_args(position_embedding_type=None,
                                       use_rotary_position_embeddings=True))
    assert old["position_embedding_type"] == "rope"
    with pytest.raises(UsageError, match="padded-vocab-size"):
        arguments.model_kwargs(_args(padded_vocab_size=None))


@pytest.mark.parametrize("name,expected", [("auto", "float32"), ("bf16", "bfloat16"),
                                           ("float16", "float16")])
def test_dtype(name, expected):
    assert str(arguments.params_dtype_of(name, _args())).endswith(expected)
    assert str(arguments.params_dtype_of("auto", _args(bf16=True))).endswith("bfloat16")
    with pytest.raises(UsageError, match="dtype='int8'"):
        arguments.params_dtype_of("int8", _args())
