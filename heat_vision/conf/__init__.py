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

"""Configuration options of heat-vision, one module per area.

``register_all`` is idempotent; every process and test calls it on the
global ``cfg.CONF`` (oslo.messaging registers its own options there too).
"""

from oslo_config import cfg

from heat_vision.conf import api
from heat_vision.conf import autoscaling
from heat_vision.conf import cep
from heat_vision.conf import clients
from heat_vision.conf import database
from heat_vision.conf import engine
from heat_vision.conf import limits
from heat_vision.conf import monitoring
from heat_vision.conf import paths
from heat_vision.conf import relay
from heat_vision.conf import rpc
from heat_vision.conf import stack_user
from heat_vision.conf import tasks
from heat_vision.conf import translators
from heat_vision.conf import trusts
from heat_vision.conf import url_fetch

CONF = cfg.CONF

# NOTE(heat-vision): not ``middleware``: oslo.middleware's options are
# registered by the web apps that use them (``api.app``, ``relay.app``);
# importing oslo.middleware loads webob, jinja2 and paste, which the
# engine, task and manage processes never use.
_MODULES = (paths, api, autoscaling, cep, clients, database, engine,
            limits, monitoring, rpc, stack_user, tasks,
            translators, trusts, url_fetch, relay)


def register_all(conf=CONF):
    for module in _MODULES:
        module.register_opts(conf)


register_all(CONF)
