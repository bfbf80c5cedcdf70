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

"""The WSGI application a process serving the API serves: the native API
and, unless ``[relay] mount_in_api`` is off, the relay beside it.

Composed here, above both (as paste's ``composite`` would), so that
``api`` need not know the relay nor the relay the API: one fault layer
and one authentication for both (the relay's, which adds the Query API's
EC2 signatures behind Keystone), then relay paths
(``/v1/{tenant}/relay/...``) with their own body limit and the relay
calling the native app in process, every other path with the native
routes' JSON checks. ``heat-vision-all``, ``heat-vision-api`` and
``heat_vision.wsgi.api`` serve it; ``heat-vision-relay`` serves the relay
alone (``relay.app.setup_standalone_app``).
"""

from oslo_config import cfg

from heat_vision.api import app as api_app
from heat_vision.relay import app as relay_app
from heat_vision.web.middleware import body_limit

CONF = cfg.CONF


def setup_app(conf=CONF):
    """:returns: the complete WSGI application."""
    if not conf.relay.mount_in_api:
        return api_app.setup_app(conf)
    pecan_app = api_app.setup_pecan_app()
    relay = relay_app.setup_in_process_app(pecan_app, conf)
    app = api_app.authenticated(
        relay_app.RelayRouter(pecan_app, relay), pecan_app, conf,
        authenticate=relay_app.authenticated)
    routed = relay_app.RelayRouter(
        api_app.json_checks(app, conf),
        body_limit.BodyLimitMiddleware(app, limit=relay_app.relay_limit))
    return api_app.outer_layers(routed, conf)
