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

"""Runs ``openstack`` (python-openstackclient + heatclient's plugin).

Without Keystone: keystoneauth1's ``none`` auth plugin with the Heat
endpoint given directly (``OS_AUTH_TYPE``/``OS_ENDPOINT``). With it
(``auth=``): a password login, the endpoint found in the catalog.

The client runs in this process, through the console script's own
``openstackclient.shell.main(argv)`` with the ``OS_*`` environment it
would have had: the same parsing, plugins, requests and output as the
``openstack`` command, without its 1-2 s of CPU in imports per call.
"""

import contextlib
import io
import json
import logging
import os
import subprocess
import threading
from unittest import mock
import warnings

from openstackclient import shell

# One ``openstack`` at a time per process: it reads os.environ and
# writes to sys.stdout/stderr.
_LOCK = threading.Lock()


def environment(endpoint, auth=None):
    """``OS_*`` for the ``none`` plugin at ``endpoint``, or ``auth``'s.

    :param auth: ``OS_*`` variables of a Keystone login (the endpoint then
        comes from the catalog).
    """
    env = {key: value for key, value in os.environ.items()
           if not key.startswith('OS_')}
    if auth:
        env.update(auth)
    else:
        env.update(OS_AUTH_TYPE='none', OS_ENDPOINT=endpoint)
    return env


@contextlib.contextmanager
def _logging_kept():
    """Undo what the shell does to the logging of this process.

    osc-lib sets the root logger to DEBUG with a handler on the stderr
    of the call, and quietens a few libraries' loggers.
    """
    loggers = [logging.root] + [
        logger for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger)]
    levels = [(logger, logger.level) for logger in loggers]
    handlers = logging.root.handlers[:]
    try:
        yield
    finally:
        logging.root.handlers[:] = handlers
        for logger, level in levels:
            logger.setLevel(level)


def _run(argv, env):
    """``openstack <argv>`` with ``env`` as its environment."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with _LOCK, mock.patch.dict(os.environ, env, clear=True), \
            _logging_kept(), warnings.catch_warnings(), \
            contextlib.redirect_stdout(stdout), \
            contextlib.redirect_stderr(stderr):
        warnings.simplefilter('ignore')
        try:
            returncode = shell.main(argv)
        except SystemExit as exit:
            returncode = exit.code if isinstance(exit.code, int) else 1
    return subprocess.CompletedProcess(
        ['openstack'] + argv, returncode, stdout.getvalue(),
        stderr.getvalue())


def openstack(endpoint, *args, check=True, auth=None):
    """Run ``openstack <args>`` (through Keystone if ``auth``).

    :returns: the CompletedProcess.
    :raises: AssertionError with stderr if it fails and ``check``.
    """
    result = _run(list(args), environment(endpoint, auth))
    if check and result.returncode:
        raise AssertionError('openstack %s exited %d:\n%s%s' % (
            ' '.join(args), result.returncode, result.stdout,
            result.stderr))
    return result


def openstack_json(endpoint, *args, **kwargs):
    """:returns: the JSON document that ends the output.

    ``--wait`` prints the events as they happen before the document.
    """
    stdout = openstack(endpoint, *(args + ('-f', 'json')), **kwargs).stdout
    for start in (0,) + tuple(i + 1 for i, c in enumerate(stdout)
                              if c == '\n'):
        if stdout[start:start + 1] in ('{', '['):
            return json.loads(stdout[start:])
    raise AssertionError('no JSON in the output of openstack %s:\n%s'
                         % (' '.join(args), stdout))
