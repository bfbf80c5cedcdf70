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

"""``heat-vision-all --demo``: show a freshly started service working.

Once the service listens, the real ``heat-vision`` client creates the
hello-world example stack through the HTTP API, with ``--wait``, and
prints its progress and outputs. The service then keeps serving.

The client runs as a child process: in this one, cliff would add its
console handler to the root logger beside oslo.log's, and every log
line of the service would then be printed twice. A stack left by an
earlier demo (the state is kept under ``state_path``) is deleted and
created again, so the demo can run any number of times.
"""

import os
import subprocess
import sys

from heat_vision.cli import common
from heat_vision.cli import http

EXAMPLE = os.path.join('examples', 'templates', 'hello-world.yaml')


def example_template():
    """The example, from a source checkout or as installed by pip."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [
        os.path.join(here, '..', '..', EXAMPLE),
        os.path.join(sys.prefix, 'share', 'heat-vision', EXAMPLE),
    ]
    for path in candidates:
        if os.path.exists(path):
            return os.path.normpath(path)
    raise FileNotFoundError('the example template %s is not installed'
                            % EXAMPLE)


STACK = 'hello-world'


def client(endpoint, *args):
    """Run ``heat-vision --os-endpoint <endpoint> <args>``: exit code."""
    return subprocess.call([sys.executable, '-m', 'heat_vision.cli.shell',
                            '--os-endpoint', endpoint] + list(args))


def stack_exists(endpoint):
    try:
        common.find_stack(http.HeatClient(endpoint), STACK)
    except http.NotFound:
        return False
    return True


def run(api_url, tenant='demo'):
    """Create the example stack through the API; :returns: exit code."""
    endpoint = '%s/v1/%s' % (api_url, tenant)
    if stack_exists(endpoint):
        print('\nDemo: the stack %s is left from an earlier demo; '
              'deleting it first\n' % STACK, flush=True)
        client(endpoint, 'stack', 'delete', '--wait', STACK)
    print('\nDemo: heat-vision --os-endpoint %s stack create -t %s '
          '--wait %s\n' % (endpoint, EXAMPLE, STACK), flush=True)
    code = client(endpoint, 'stack', 'create', '-t', example_template(),
                  '--wait', STACK)
    print('\nTry: heat-vision --os-endpoint %s stack list\n'
          'Or look: %s/dashboard/#/%s/stacks\n'
          'Stop the service with Ctrl-C.' % (endpoint, api_url, tenant),
          flush=True)
    return code
