"""A small real OpenStack cloud, from PyPI, for heat-vision's tests."""
