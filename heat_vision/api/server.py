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

"""Serves a WSGI app (the API's) with waitress (a threaded, pure-Python
WSGI server).
"""

import threading

from oslo_config import cfg
from oslo_log import log as logging
import waitress.server

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class APIServer:

    def __init__(self, app, host=None, port=None, sock=None):
        """:param app: the WSGI app to serve (``cmd.composite``'s).
        :param sock: a listening socket to serve (an API worker's, shared
            with the other workers) instead of binding one.
        """
        where = ({'sockets': [sock]} if sock is not None else
                 {'host': host or CONF.api.bind_host,
                  'port': CONF.api.bind_port if port is None else port})
        self._server = waitress.server.create_server(
            app, threads=CONF.api.threads,
            ident='heat-vision', clear_untrusted_proxy_headers=True, **where)
        self._thread = None

    @property
    def port(self):
        return self._server.effective_port

    @property
    def url(self):
        return 'http://%s:%s' % (self._server.effective_host, self.port)

    def start(self):
        self._thread = threading.Thread(target=self._server.run,
                                        name='wsgi', daemon=True)
        self._thread.start()
        LOG.info('API listening on %s', self.url)

    def stop(self, timeout=10):
        """Stop accepting, and let requests in progress finish.

        The loop thread is a daemon and is not joined: idle keep-alive
        connections would hold it until they time out.
        """
        self._server.close()
        self._server.task_dispatcher.shutdown(cancel_pending=False,
                                              timeout=timeout)
