"""lmeval task pack: multilingual benchmarks (Belebele, XNLI, XCOPA, XStoryCloze, PAWS-X, MGSM,
IrokoBench AfriXNLI/AfriMGSM, BasqueBench, CatalanBench)."""

__version__ = "0.1.0"
