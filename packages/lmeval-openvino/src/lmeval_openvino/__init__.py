"""lmeval backend ``openvino``: causal language models exported to OpenVINO IR (optimum-intel's
``optimum-cli export openvino`` layout), run on the OpenVINO runtime."""

__version__ = "0.1.0"
