"""Conformance cases: templates with what OpenStack Heat 27 answered.

See README.md here for where they come from. A case ``NAME`` is
``NAME.yaml`` (the template text), ``NAME.env.yaml`` (its environment,
optional) and ``NAME.json`` (Heat's results).
"""

import json
import os

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))


def path(filename):
    return os.path.join(HERE, filename)


def names():
    """The names of every case, sorted."""
    return sorted(f[:-len('.yaml')] for f in os.listdir(HERE)
                  if f.endswith('.yaml') and not f.endswith('.env.yaml'))


def load(name):
    """:returns: ``(template text, environment text or None, expected)``.
    """
    with open(path(name + '.yaml')) as f:
        text = f.read()
    env_text = None
    if os.path.exists(path(name + '.env.yaml')):
        with open(path(name + '.env.yaml')) as f:
            env_text = f.read()
    with open(path(name + '.json')) as f:
        expected = json.load(f)
    return text, env_text, expected


def environment(env_text):
    """The environment as the API is sent it (a mapping)."""
    return yaml.safe_load(env_text) if env_text else {}
