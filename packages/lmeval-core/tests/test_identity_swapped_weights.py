"""A cache entry is served only to the same model: local weights are keyed by content
(lmeval.run.fingerprints), so every way of swapping them while keeping names, sizes and
modification times gives a new key, and an untouched checkpoint keeps its key without being
read again."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest
from lmeval.protocol import LM, RequestKind
from lmeval.run import fingerprints
from lmeval.run.cache import model_fingerprint
from lmeval.run.identity import local_files, model_identity

SIZE = 300_000  # over two probe windows: a change in the middle is seen only by the full hash
OLD = 1_600_000_000_123_456_789  # a modification time (ns) every swap restores


class LocalModel(LM):
    """A backend keyed like hf: the path it was given and its files' content."""

    supported_kinds = frozenset({RequestKind.LOGLIKELIHOOD})

    def __init__(self, pretrained: str) -> None:
        self.pretrained = pretrained
        self.model_args = {"pretrained": pretrained}

    def identity_extras(self):
        return {"files": local_files(self.pretrained)}

    def loglikelihood(self, requests):
        return [(0.0, True) for _ in requests]


@pytest.fixture(autouse=True)
def _own_store(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))
    fingerprints.forget_memo()
    yield
    fingerprints.forget_memo()


def _weights(seed: int, size: int = SIZE) -> bytes:
    import random

    return random.Random(seed).randbytes(size)


def _checkpoint(root: Path, seed: int, shards: int = 1) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "config.json").write_text('{"model_type": "llama", "hidden_size": 64}')
    names = (["model.safetensors"] if shards == 1 else
             [f"model-{i:05d}-of-{shards:05d}.safetensors" for i in range(1, shards + 1)])
    for i, name in enumerate(names):
        (root / name).write_bytes(_weights(seed * 100 + i))
    for p in root.iterdir():
        os.utime(p, ns=(OLD, OLD))
    return root


def _key(path: Path) -> str:
    fingerprints.forget_memo()  # a new process: only the on-disk store remembers
    return model_fingerprint(model_identity(LocalModel(str(path))))


def _restore_times(path: Path) -> None:
    os.utime(path, ns=(OLD, OLD))


# -- the swaps: each leaves names, sizes and modification times as they were ---------------
def swap_in_place_utime(model: Path, other: Path) -> Path:
    """Overwrite the weights' bytes in place (same inode), then os.utime the old time back."""
    with open(model / "model.safetensors", "r+b") as fh:
        fh.write((other / "model.safetensors").read_bytes())
    _restore_times(model / "model.safetensors")
    return model


def swap_cp_p(model: Path, other: Path) -> Path:
    """cp -p the other weights over (their time is set to the old one first)."""
    _restore_times(other / "model.safetensors")
    subprocess.run(["cp", "-p", str(other / "model.safetensors"), str(model / "model.safetensors")],
                   check=True)
    return model


def swap_touch_d(model: Path, other: Path) -> Path:
    """Copy the other weights over, then touch -d the old date back."""
    shutil.copyfile(other / "model.safetensors", model / "model.safetensors")
    stamp = f"@{OLD // 10**9}.{OLD % 10**9:09d}"
    subprocess.run(["touch", "-d", stamp, str(model / "model.safetensors")], check=True)
    return model


def swap_middle_byte(model: Path, other: Path) -> Path:
    """One byte in the middle differs (outside both probe windows), time restored."""
    data = bytearray((model / "model.safetensors").read_bytes())
    data[SIZE // 2] ^= 0xFF
    (model / "model.safetensors").write_bytes(bytes(data))
    _restore_times(model / "model.safetensors")
    return model


def swap_truncated_padded(model: Path, other: Path) -> Path:
    """Truncated to half and padded with zeros back to the same size, time restored."""
    path = model / "model.safetensors"
    half = path.read_bytes()[: SIZE // 2]
    path.write_bytes(half + b"\0" * (SIZE - len(half)))
    _restore_times(path)
    return model


def swap_tar_x(model: Path, other: Path) -> Path:
    """tar x of an archive holding the other weights under the same name and time."""
    archive = other.parent / "other.tar"
    _restore_times(other / "model.safetensors")
    with tarfile.open(archive, "w") as tar:
        tar.add(other / "model.safetensors", arcname="model.safetensors")
    with tarfile.open(archive) as tar:
        tar.extractall(model, filter="data")
    return model


def swap_rename_dirs(model: Path, other: Path) -> Path:
    """The other checkpoint moved to the first one's path (mv old away; mv new in)."""
    model.rename(model.with_name("retired"))
    other.rename(model)
    return model


def swap_symlink_target(model: Path, other: Path) -> Path:
    """A symlinked model directory re-pointed at the other checkpoint (same path given)."""
    link = model.parent / "current"
    if not link.exists():
        link.symlink_to(model)
    link.unlink()
    link.symlink_to(other)
    return link


SWAPS: list[Callable[[Path, Path], Path]] = [
    swap_in_place_utime, swap_cp_p, swap_touch_d, swap_middle_byte, swap_truncated_padded,
    swap_tar_x, swap_rename_dirs, swap_symlink_target]


@pytest.mark.parametrize("swap", SWAPS, ids=lambda f: f.__name__)
def test_swapped_weights_with_old_times_get_a_new_key(tmp_path, swap):
    model, other = _checkpoint(tmp_path / "model", 1), _checkpoint(tmp_path / "other", 2)
    given = model
    if swap is swap_symlink_target:
        (tmp_path / "current").symlink_to(model)
        given = tmp_path / "current"
    before = _key(given)
    stat = os.stat(model / "model.safetensors")
    given = swap(model, other)
    after_stat = os.stat(given / "model.safetensors")
    # what the old key (size, whole-second mtime) saw is unchanged: it served the cache
    assert (after_stat.st_size, int(after_stat.st_mtime)) == (stat.st_size, int(stat.st_mtime))
    assert _key(given) != before


def test_a_different_shard_of_a_sharded_checkpoint_gets_a_new_key(tmp_path):
    model = _checkpoint(tmp_path / "model", 1, shards=3)
    other = _checkpoint(tmp_path / "other", 2, shards=3)
    before = _key(model)
    shard = "model-00002-of-00003.safetensors"
    subprocess.run(["cp", "-p", str(other / shard), str(model / shard)], check=True)
    assert _key(model) != before


def test_an_untouched_checkpoint_keeps_its_key_and_is_not_read_again(tmp_path, monkeypatch):
    model = _checkpoint(tmp_path / "model", 1, shards=2)
    first = _key(model)
    reads: list[str] = []
    full = fingerprints.full_digest
    monkeypatch.setattr(fingerprints, "full_digest", lambda p: reads.append(str(p)) or full(p))
    assert _key(model) == first
    assert reads == []  # the store answered: a stat and two 64 KiB probes per file
    os.utime(model / "config.json", ns=(OLD, OLD))  # same content, new ctime: hashed again
    assert _key(model) == first
    assert [Path(p).name for p in reads] == ["config.json"]


def test_an_unwritable_store_only_costs_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(blocker / "cache"))
    model = _checkpoint(tmp_path / "model", 1)
    first = _key(model)
    swap_in_place_utime(model, _checkpoint(tmp_path / "other", 2))
    assert _key(model) != first


def test_training_state_beside_the_weights_is_not_read(tmp_path):
    model = _checkpoint(tmp_path / "checkpoint-500", 1)
    for name in ("optimizer.pt", "scheduler.pt", "rng_state.pth", "rng_state_3.pth",
                 "training_args.bin"):
        (model / name).write_bytes(b"state")
    assert sorted(local_files(model) or {}) == ["config.json", "model.safetensors"]


def test_a_single_file_and_a_tree(tmp_path):
    model = _checkpoint(tmp_path / "model", 1)
    one = local_files(model / "model.safetensors")
    assert one is not None and list(one) == ["model.safetensors"]
    assert one["model.safetensors"][0] == SIZE
    (model / "iter_0000001" / "mp_rank_00").mkdir(parents=True)
    (model / "iter_0000001" / "mp_rank_00" / "model_optim_rng.pt").write_bytes(b"x" * 10)
    tree = local_files(model, suffixes=("",), recursive=True)
    assert tree is not None and "iter_0000001/mp_rank_00/model_optim_rng.pt" in tree


def _trial_table() -> str:
    """The swap trial of docs/backends/hf.md: what the old key (size, whole-second mtime) and
    the content key say after each swap."""
    import tempfile

    lines = ["| swap (names, sizes and mtimes kept) | old key (size, mtime s) | content key |",
             "| --- | --- | --- |"]
    for swap in SWAPS:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            os.environ["LMEVAL_CACHE_DIR"] = str(root / "lmeval-cache")
            model, other = _checkpoint(root / "model", 1), _checkpoint(root / "other", 2)
            given = model
            if swap is swap_symlink_target:
                (root / "current").symlink_to(model)
                given = root / "current"
            old = {p.name: (p.stat().st_size, int(p.stat().st_mtime)) for p in given.iterdir()}
            before = _key(given)
            given = swap(model, other)
            after = {p.name: (p.stat().st_size, int(p.stat().st_mtime)) for p in given.iterdir()}
            lines.append(f"| {(swap.__doc__ or swap.__name__).strip()} | "
                         f"{'same: served' if old == after else 'changed'} | "
                         f"{'new: recomputed' if _key(given) != before else 'SAME: SERVED'} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(_trial_table())
