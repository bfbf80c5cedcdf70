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

"""PyMySQL connections that share one "preferred" TLS context.

When the connection URL sets no TLS option, PyMySQL (1.2 and later) still
offers TLS to the server ("preferred" mode) and builds a fresh
``ssl.SSLContext`` for every connection to do so. Building one loads the
system's CA certificates although this mode verifies nothing: about 17 ms
of CPU per connection on the 2-core test machine, paid by every
connection an engine opens as its pool grows under a burst, whether or not
the server speaks TLS.

That context is the same for every connection (no CA, no hostname check,
no client certificate), so one per process is built and shared; the
connections offer TLS exactly as before. A URL that configures TLS
(``ssl_ca=``, ``ssl_cert=``, ...) gets the context PyMySQL builds for it,
each time, as before.
"""

import functools
import threading

from sqlalchemy import event


@functools.cache
def connection_class():
    """The PyMySQL connection class that the engine connects with (made
    on first use: deployments on other drivers need not have PyMySQL).
    """
    from pymysql import connections

    class SharedPreferredContext(connections.Connection):
        """A connection whose unconfigured TLS context is built once."""

        _preferred = None
        _lock = threading.Lock()

        def _create_ssl_ctx(self, sslp):
            # PyMySQL asks for ``{}`` in preferred mode; anything else is
            # TLS the URL configured.
            if sslp != {}:
                return super()._create_ssl_ctx(sslp)
            cls = SharedPreferredContext
            with cls._lock:
                if cls._preferred is None:
                    cls._preferred = super()._create_ssl_ctx({})
            return cls._preferred

    return SharedPreferredContext


def install(engine):
    """Connect ``engine`` through :func:`connection_class` if it uses
    PyMySQL; other drivers are left alone.
    """
    if engine.dialect.driver != 'pymysql':
        return

    @event.listens_for(engine, 'do_connect')
    def connect(_dialect, _record, cargs, cparams):
        return connection_class()(*cargs, **cparams)
