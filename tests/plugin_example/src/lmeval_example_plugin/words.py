"""``lmeval example-words``: a plugin subcommand, imported only when it is invoked."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).parent / "tasks" / "copy.jsonl"


def command(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    parser.add_argument("--upper", action="store_true", help="print the words in capitals")
    return run


def run(args: argparse.Namespace) -> int:
    for line in DATA.read_text(encoding="utf-8").splitlines():
        word = json.loads(line)["word"]
        print(word.upper() if args.upper else word)
    return 0
