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

"""Makes the test tooling's cached virtualenvs: uv's, else pip's.

The test cloud's eleven services, the tests' Keystone and Aodh share
most of their packages. pip downloads, unpacks and byte-compiles each of
them again for every virtualenv: on a new machine the builds took most
of a CI run's first quarter. uv (from PyPI, like everything else here)
installs a package it has cached by linking its files (and compiles
them, as pip does, on every core). uv comes
from a small virtualenv of its own beside the cache, made with pip the
first time; ``HV_VENV_INSTALLER=pip`` (or a failed bootstrap) keeps pip.
"""

import contextlib
import fcntl
import glob
import os
import shutil
import subprocess
import sys

#: The uv that built the venvs this was tested with.
UV = 'uv==0.13.9'


def _cache_root():
    return os.environ.get('HV_TEST_CLOUD_CACHE') or os.path.join(
        os.path.expanduser('~'), '.cache', 'heat-vision')


def base_python():
    """The interpreter's own python, never the caller's venv's."""
    return getattr(sys, '_base_executable', None) or sys.executable


@contextlib.contextmanager
def _locked(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + '.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _bootstrap_uv(timeout):
    """:returns: the path of a uv binary, or None to use pip."""
    if os.environ.get('HV_VENV_INSTALLER') == 'pip':
        return None
    folder = os.path.join(_cache_root(), 'uv-tool')
    uv = os.path.join(folder, 'bin', 'uv')
    ready = os.path.join(folder, '.ready')
    with _locked(folder):
        try:
            with open(ready) as mark:
                if mark.read().strip() == UV and os.access(uv, os.X_OK):
                    return uv
        except FileNotFoundError:
            pass
        shutil.rmtree(folder, ignore_errors=True)
        try:
            subprocess.run([base_python(), '-m', 'venv', folder],
                           check=True, timeout=timeout,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            subprocess.run([os.path.join(folder, 'bin', 'python'), '-m',
                            'pip', 'install', '--quiet',
                            '--disable-pip-version-check', UV],
                           check=True, timeout=timeout,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            shutil.rmtree(folder, ignore_errors=True)
            return None
        with open(ready, 'w') as mark:
            mark.write(UV + '\n')
    return uv


class Installer(object):
    """Creates a venv and installs into it, with uv when it can."""

    def __init__(self, timeout=3600):
        self.timeout = timeout
        self.uv = _bootstrap_uv(timeout)

    @property
    def name(self):
        return 'uv' if self.uv else 'pip'

    def create(self, venv, log=None):
        """A new virtualenv at ``venv`` on the base interpreter."""
        if self.uv:
            # Seeded with pip: what runs ``python -m pip`` in a cached
            # venv later still can.
            argv = [self.uv, 'venv', '--quiet', '--seed', '--python',
                    base_python(), venv]
        else:
            argv = [base_python(), '-m', 'venv', venv]
        self._run(argv, log)

    def install(self, venv, args, log=None):
        """``pip install args`` into ``venv`` (uv's ``pip install``).

        :raises: RuntimeError naming the log when the install fails.
        """
        python = os.path.join(venv, 'bin', 'python')
        if self.uv and 'uwsgi' in args:
            args = self._uwsgi_from_wheelhouse(args, log)
        if self.uv:
            # Compiled as pip does: with PYTHONDONTWRITEBYTECODE set (as
            # on CI's machine) a service would otherwise compile every
            # module it imports from source at each start.
            argv = [self.uv, 'pip', 'install', '--quiet',
                    '--compile-bytecode', '--python', python] + list(args)
        else:
            argv = [python, '-m', 'pip', 'install', '--quiet',
                    '--disable-pip-version-check'] + list(args)
        self._run(argv, log)

    def _uwsgi_from_wheelhouse(self, args, log):
        """``args`` naming the uWSGI wheel built once for every venv.

        uWSGI is a C build of about a minute of CPU (PyPI has no wheel
        of it), and uv built it again for each venv (the build's cache
        key is not the sdist alone); pip's wheel cache kept one. The
        wheel is built once, with pip, into ``<cache>/wheelhouse``.
        """
        wheelhouse = os.path.join(_cache_root(), 'wheelhouse')
        with _locked(wheelhouse):
            wheels = glob.glob(os.path.join(wheelhouse, 'uwsgi-*.whl'))
            if not wheels:
                pip = os.path.join(os.path.dirname(self.uv), 'python')
                self._run([pip, '-m', 'pip', 'wheel', '--quiet',
                           '--disable-pip-version-check', '--no-deps',
                           '--wheel-dir', wheelhouse, 'uwsgi'], log)
                wheels = glob.glob(os.path.join(wheelhouse,
                                                'uwsgi-*.whl'))
        version = os.path.basename(sorted(wheels)[-1]).split('-')[1]
        return ['--find-links', wheelhouse] + [
            'uwsgi==' + version if arg == 'uwsgi' else arg for arg in args]

    def _run(self, argv, log):
        result = subprocess.run(
            argv, stdout=log or subprocess.PIPE, stderr=subprocess.STDOUT,
            timeout=self.timeout, text=log is None)
        if result.returncode:
            where = log.name if log is not None else result.stdout[-4000:]
            raise RuntimeError('%s failed (%s): %s' % (
                ' '.join(argv), result.returncode, where))
