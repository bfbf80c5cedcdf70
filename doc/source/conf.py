"""Sphinx configuration of heat-vision's documentation (tox -e docs)."""

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join('..', 'ext')))

extensions = [
    'oslo_config.sphinxext',
    'oslo_policy.sphinxext',
    'heat_vision_docs',
]

project = 'heat-vision'
copyright = 'heat-vision developers'
master_doc = 'index'
exclude_patterns = ['_build']
html_theme = 'alabaster'
