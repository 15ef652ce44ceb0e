"""Write ``lmeval/tasks/pack_names.json``: which pack provides each task name, from the task
packs installed in this environment (run it with every ``lmeval-tasks-*`` installed)."""

from __future__ import annotations

import json

from lmeval.plugins import get_plugin_manager
from lmeval.tasks.index import TaskIndex, task_sources
from lmeval.tasks.packnames import TABLE, build_table


def current_table() -> dict:
    return build_table(TaskIndex(task_sources(get_plugin_manager(), None)))


def main() -> None:
    table = current_table()
    TABLE.write_text(json.dumps(table, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{TABLE}: {len(table['packs'])} packs, {len(table['prefixes'])} prefixes, "
          f"{len(table['names'])} names")


if __name__ == "__main__":
    main()
