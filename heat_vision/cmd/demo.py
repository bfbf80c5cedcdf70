"""``heat-vision-all --demo``: show a freshly started service working.

Once the service listens, the real ``heat-vision`` client creates the
hello-world example stack through the HTTP API, with ``--wait``, and
prints its progress and outputs. The service then keeps serving.
"""

import os
import sys

from heat_vision.cli import shell

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


def run(api_url, tenant='demo'):
    """Create the example stack through the API; :returns: exit code."""
    endpoint = '%s/v1/%s' % (api_url, tenant)
    print('\nDemo: heat-vision --os-endpoint %s stack create -t %s '
          '--wait hello-world\n' % (endpoint, EXAMPLE), flush=True)
    code = shell.main(['--os-endpoint', endpoint, 'stack', 'create',
                       '-t', example_template(), '--wait', 'hello-world'])
    print('\nTry: heat-vision --os-endpoint %s stack list\n'
          'Stop the service with Ctrl-C.' % endpoint, flush=True)
    return code
