#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License. You may obtain
#    a copy of the License at
#
#         http://www.apache.org/licenses/LICENSE-2.0
#
#    Unless required by applicable law or agreed to in writing, software
#    distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
#    WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
#    License for the specific language governing permissions and limitations
#    under the License.

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
