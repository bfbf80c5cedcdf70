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

The client runs in this process (``tests.functional.console.run``),
through the console script's own ``openstackclient.shell.main(argv)``
with the ``OS_*`` environment it would have had: the same parsing,
plugins, requests and output as the ``openstack`` command, without the
1-2 s of CPU its imports cost a new process each time. Only
``tests/functional/cli/test_console.py`` runs installed scripts.
"""

import json
import os

from openstackclient.common import clientmanager
from openstackclient import shell
from osc_lib import clientmanager as osc_lib_clientmanager

from tests.functional import console


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


def forget_clients():
    """Forget the service clients an earlier ``main`` made.

    openstackclient sets one ``osc_lib.clientmanager.ClientCache`` per
    plugin (``orchestration``: heatclient's) on the ``ClientManager``
    *class* when it is imported (``get_plugin_modules``), and the cache
    keeps the first client it makes: without this, every later call in
    the process would reach the first call's endpoint with its token.
    A new process starts with none.
    """
    for klass in clientmanager.ClientManager.__mro__:
        for attribute in vars(klass).values():
            if isinstance(attribute, osc_lib_clientmanager.ClientCache):
                attribute._handle = None


def openstack(endpoint, *args, check=True, auth=None):
    """Run ``openstack <args>`` (through Keystone if ``auth``).

    :returns: the CompletedProcess.
    :raises: AssertionError with stderr if it fails and ``check``.
    """
    forget_clients()
    try:
        result = console.run('openstack', shell.main, args,
                             environment(endpoint, auth))
    finally:
        forget_clients()
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
