"""Monitoring resources: the built-in threshold alarm."""
