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

"""Modules of the test cloud that the tests share, loaded from their files.

``tools/test-cloud`` is a tool of its own, not a package of the tests;
the modules loaded here (``installer``, ``ports``) use the standard
library only.
"""

import importlib.util
import os
import sys

_DIR = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    'tools', 'test-cloud', 'testcloud')


def load(name):
    """``tools/test-cloud/testcloud/<name>.py``, loaded once."""
    key = 'hv_testcloud_' + name
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            key, os.path.join(_DIR, name + '.py'))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[key] = module
    return sys.modules[key]
