"""Virtualenvs of other programs the functional tests run, made once
and cached in ``~/.cache/heat-vision/`` (keyed by what they hold).
"""

import fcntl
import os
import subprocess
import venv

CACHE = os.path.join(os.path.expanduser('~'), '.cache', 'heat-vision')


def cached(name, pins):
    """:returns: the folder of the virtualenv ``name`` with ``pins``
    installed (pip requirement strings), built on first use.
    """
    folder = os.path.join(CACHE, name)
    python = os.path.join(folder, 'bin', 'python')
    ready = os.path.join(folder, '.ready')
    os.makedirs(CACHE, exist_ok=True)
    with open(folder + '.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(ready):
            venv.EnvBuilder(clear=True, with_pip=True).create(folder)
            subprocess.run([python, '-m', 'pip', 'install', '-q'] +
                           list(pins), check=True,
                           stdout=subprocess.DEVNULL)
            with open(ready, 'w') as out:
                out.write(' '.join(pins))
    return folder
