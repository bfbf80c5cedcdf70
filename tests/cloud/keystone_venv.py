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

"""The virtualenv the test Keystone runs from, built once and cached.

Keystone is a server the tests talk to, never a dependency of
heat-vision: it gets a virtualenv of its own, under
``~/.cache/heat-vision/keystone-venv`` (``HV_KEYSTONE_VENV`` overrides),
with Keystone and uWSGI from PyPI. The first build takes minutes; later
runs find it ready. A lock file keeps parallel test workers from
building it twice.
"""

import os
import shutil
import sys

from tests import file_lock
from tests import venv_installer

PACKAGES = ('keystone', 'uwsgi', 'PyMySQL')
# Written last: a venv without it is a build that did not finish. It
# lists the packages installed: a venv built with fewer gets the others.
READY_MARK = 'heat-vision-ready'


def path():
    return os.environ.get('HV_KEYSTONE_VENV') or os.path.join(
        os.path.expanduser('~'), '.cache', 'heat-vision', 'keystone-venv')


def binary(name, venv=None):
    return os.path.join(venv or path(), 'bin', name)


def lock(venv):
    """Held while ``venv`` is built or something is added to it."""
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    return file_lock.held(venv + '.lock')


def _missing(venv):
    """:returns: the PACKAGES a ready venv lacks, or None if not ready."""
    try:
        with open(os.path.join(venv, READY_MARK)) as mark:
            listed = mark.read().split()
    except FileNotFoundError:
        return None
    # A mark of an older build is empty: it had the first two.
    listed = listed or list(PACKAGES[:2])
    return [name for name in PACKAGES if name not in listed]


def _mark_ready(venv):
    with open(os.path.join(venv, READY_MARK), 'w') as mark:
        mark.write('\n'.join(PACKAGES) + '\n')


def ensure(log=sys.stderr, timeout=1800):
    """:returns: the venv's path, building it first if it is missing."""
    venv = path()
    if _missing(venv) == []:
        return venv
    with lock(venv):
        missing = _missing(venv)
        if missing == []:
            return venv
        if missing:
            log.write('Adding %s to the test Keystone\'s virtualenv\n'
                      % ' '.join(missing))
            venv_installer.Installer(timeout).install(venv, missing)
            _mark_ready(venv)
            return venv
        building = venv + '.building'
        shutil.rmtree(building, ignore_errors=True)
        log.write('Building the test Keystone\'s virtualenv in %s '
                  '(once; minutes)\n' % venv)
        # The system's Python, not this venv's: heat-vision's
        # packages must not leak into Keystone's.
        tool = venv_installer.Installer(timeout)
        tool.create(building)
        tool.install(building, list(PACKAGES))
        shutil.rmtree(venv, ignore_errors=True)
        # Built aside and moved, so that a half-built venv never looks
        # ready. Its scripts' shebangs then name the old path: they are
        # run through the venv's own python (``command``).
        os.rename(building, venv)
        _mark_ready(venv)
    return venv


def command(script, venv=None):
    """:returns: argv that runs the venv's console ``script``."""
    return [binary('python', venv), binary(script, venv)]
