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

"""Virtualenvs of other programs the functional tests run, made once
and cached in ``~/.cache/heat-vision/`` (keyed by what they hold).
"""

import fcntl
import os
import shutil

from tests import venv_installer

CACHE = os.path.join(os.path.expanduser('~'), '.cache', 'heat-vision')


def cached(name, pins):
    """:returns: the folder of the virtualenv ``name`` with ``pins``
    installed (pip requirement strings), built on first use.
    """
    folder = os.path.join(CACHE, name)
    ready = os.path.join(folder, '.ready')
    os.makedirs(CACHE, exist_ok=True)
    with open(folder + '.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(ready):
            shutil.rmtree(folder, ignore_errors=True)
            tool = venv_installer.Installer()
            tool.create(folder)
            tool.install(folder, list(pins))
            with open(ready, 'w') as out:
                out.write(' '.join(pins))
    return folder
