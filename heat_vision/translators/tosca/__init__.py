"""TOSCA Simple Profile (YAML 1.0-1.3, NFV) and CSAR -> HOT.

Parsed and validated with tosca-parser; see
doc/source/translators/tosca.rst for what maps to what.
"""
