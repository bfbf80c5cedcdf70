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

``in_process=True`` runs the command through the console script's own
``openstackclient.shell.main(argv)`` in the test's process
(``tests.functional.console.run``): the same parsing, plugins, requests
and output, without the 1.5-2 s of CPU each new ``openstack`` process
spends on its imports. The functional compat tests run it so; only
``tests/functional/cli/test_console.py`` is about installed scripts.
"""

import json
import os
import subprocess

from tests.functional import console
from tests.functional import processes


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
    env['PYTHONWARNINGS'] = 'ignore'
    return env


def openstack(endpoint, *args, timeout=120, check=True, auth=None,
              in_process=False):
    """Run ``openstack <args>`` (through Keystone if ``auth``).

    :param timeout: a process's; the test's own timeout bounds a command
        run ``in_process``.
    :param in_process: through ``openstackclient.shell.main`` in this
        process instead of the installed script.
    :returns: the CompletedProcess.
    :raises: AssertionError with stderr if it fails and ``check``.
    """
    env = environment(endpoint, auth)
    if in_process:
        # Imported here: a test that runs the script pays nothing for it.
        from openstackclient import shell
        result = console.run('openstack', shell.main, args, env)
    else:
        result = subprocess.run(
            [processes.script('openstack')] + list(args),
            capture_output=True, text=True, env=env, timeout=timeout)
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
