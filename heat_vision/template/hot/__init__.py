"""HOT: the Heat Orchestration Template format, one class per version."""
