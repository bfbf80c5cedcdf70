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

"""heat-vision-relay: the alternative-API relay as its own process.

It serves ``/v1/{tenant}/relay/...`` on ``[relay] bind_port`` and calls
the native API at ``[relay] native_api_url`` with each caller's token;
it needs no engine, transport or database of its own.
"""

import sys

from oslo_config import cfg

from heat_vision import cmd
from heat_vision.relay import app as relay_app

CONF = cfg.CONF


def main():
    cmd.prepare()
    cmd.catch_signals()
    if not CONF.relay.native_api_url:
        sys.exit('heat-vision-relay calls the native API over HTTP: set '
                 '[relay] native_api_url (for example '
                 'http://127.0.0.1:8004).')
    relay = cmd.bind_api('relay', relay_app.setup_standalone_app())
    relay.start()
    print('heat-vision-relay is serving %s/v1/<tenant>/relay for the '
          'native API at %s' % (relay.url, CONF.relay.native_api_url),
          flush=True)
    cmd.serve(relay.stop)
