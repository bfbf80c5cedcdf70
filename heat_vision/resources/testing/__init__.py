"""Resource types for testing heat-vision itself (real plugins)."""
