"""Windows ML: onnxruntime-genai with the execution providers of the Windows ML catalog.

Only the device selection is Windows-specific: the catalog's providers (NPU, GPU, CPU of the
machine's vendors) are registered with onnxruntime-genai, then everything runs through
:class:`~lmeval_onnx.engines.genai.GenAIEngine`.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_onnx.engines.genai import GenAIEngine
from lmeval_onnx.export import ModelBuilderExport

log = logging.getLogger("lmeval.onnx")

WINML_PACKAGES = (
    "wasdk-Microsoft.Windows.AI.MachineLearning[all] "
    "wasdk-Microsoft.Windows.ApplicationModel.DynamicDependency.Bootstrap "
    "onnxruntime-windowsml onnxruntime-genai-winml"
)


class WinMLEngine(GenAIEngine):
    """:class:`GenAIEngine` after registering the Windows ML catalog's providers."""

    def __init__(self, export: ModelBuilderExport, execution_provider: str | None,
                 provider_options: Mapping[str, str]) -> None:
        self.og = self.import_winml_genai()
        self.registered = self.register_catalog_providers(self.og)
        super().__init__(export, execution_provider, provider_options)

    @staticmethod
    def import_winml_genai() -> Any:
        if sys.platform != "win32":
            raise UsageError(
                f"--model winml needs Windows (Windows ML), not {sys.platform}; on this machine "
                "run the same export with --model onnxruntime-genai (or --model onnxruntime)")
        og = require("onnxruntime_genai", needed_by="--model winml",
                     library="the Windows ML packages", install=WINML_PACKAGES)
        require("winui3.microsoft.windows.ai.machinelearning", needed_by="--model winml",
                library="the Windows ML packages", install=WINML_PACKAGES)
        return og

    @staticmethod
    def register_catalog_providers(og: Any) -> list[str]:
        """Make the catalog's providers ready and register their libraries with genai."""
        import winui3.microsoft.windows.ai.machinelearning as winml
        from winui3.microsoft.windows.applicationmodel.dynamicdependency.bootstrap import (
            InitializeOptions,
            initialize,
        )

        names = []
        with initialize(options=InitializeOptions.ON_NO_MATCH_SHOW_UI):
            for provider in winml.ExecutionProviderCatalog.get_default().find_all_providers():
                provider.ensure_ready_async().get()
                og.register_execution_provider_library(provider.name, provider.library_path)
                names.append(provider.name)
        log.info("lmeval-onnx: Windows ML providers registered: %s", ", ".join(names) or "none")
        return names
