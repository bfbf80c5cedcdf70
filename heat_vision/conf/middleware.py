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

"""heat-vision's defaults for oslo.middleware's options.

The options themselves are oslo.middleware's (``[oslo_middleware]``,
``[cors]``, ``[healthcheck]``; the sample lists them through the
``oslo.middleware`` generator namespaces); only the defaults that differ
are set here: a 1 MiB request body limit (oslo's is 112 KiB, too small
for templates with files) and the headers heat-vision's clients send and
read across origins.

Registered by the web apps (``heat_vision.api.app``,
``heat_vision.relay.app``) when they are imported, not by
``heat_vision.conf.register_all``: the processes without them need not
import oslo.middleware (webob, jinja2, paste).
"""

from oslo_middleware import cors
from oslo_middleware import sizelimit

MAX_REQUEST_BODY_SIZE = 1048576


def register_opts(conf):
    conf.register_opts(sizelimit.OPTS, group='oslo_middleware')
    conf.set_default('max_request_body_size', MAX_REQUEST_BODY_SIZE,
                     group='oslo_middleware')
    set_cors_defaults()


def set_cors_defaults():
    cors.set_defaults(
        allow_headers=['X-Auth-Token', 'X-Identity-Status', 'X-Roles',
                       'X-Service-Catalog', 'X-User-Id', 'X-Tenant-Id',
                       'X-OpenStack-Request-ID', 'Content-Type'],
        expose_headers=['X-Auth-Token', 'X-Subject-Token',
                        'X-Service-Token', 'X-OpenStack-Request-ID',
                        'Location', 'Retry-After'],
        allow_methods=['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD'])


def list_opts():
    return {}
