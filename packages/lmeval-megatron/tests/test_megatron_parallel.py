"""Parallel layouts megatron_lm accepts and refuses (reference 000:341-366)."""

import pytest
from lmeval.errors import UsageError
from lmeval_megatron.parallel import check_world, plan_parallelism


@pytest.mark.parametrize("args,mode,shards", [
    ((1, 1, 1, 1), "single", False),
    ((4, 1, 1, 1), "data", True),
    ((2, 2, 1, 1), "tensor", False),
    ((4, 1, 1, 4), "expert", False),
])
def test_supported_layouts(args, mode, shards):
    plan = plan_parallelism(*args)
    assert plan.mode == mode
    assert plan.shards_requests is shards


def test_pipeline_parallel_is_refused_with_the_alternatives():
    with pytest.raises(UsageError, match="pipeline parallelism .* not supported.*tensor parallelism"):
        plan_parallelism(2, 1, 2, 1)


def test_expert_parallel_cannot_combine_with_tensor_parallel():
    with pytest.raises(UsageError, match="cannot be combined with tensor parallelism"):
        plan_parallelism(4, 2, 1, 2)


def test_expert_parallel_needs_devices_equal_to_ep():
    with pytest.raises(UsageError, match="devices must equal expert_model_parallel_size"):
        plan_parallelism(8, 1, 1, 4)


def test_data_parallel_with_tensor_parallel_is_refused():
    with pytest.raises(UsageError, match="must equal devices=4"):
        plan_parallelism(4, 2, 1, 1)


@pytest.mark.parametrize("bad", [0, -1, "2", True])
def test_sizes_must_be_positive_integers(bad):
    with pytest.raises(UsageError, match="positive integer"):
        plan_parallelism(bad)


def test_world_size_must_match_devices():
    check_world(plan_parallelism(2), 2)
    with pytest.raises(UsageError, match="torchrun --nproc-per-node=2"):
        check_world(plan_parallelism(2), 1)
    with pytest.raises(UsageError, match="devices=1 but 4 process"):
        check_world(plan_parallelism(1), 4)
