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

"""Entry point of oslo-config-generator (``oslo.config.opts``)."""

from heat_vision.conf import api
from heat_vision.conf import autoscaling
from heat_vision.conf import cep
from heat_vision.conf import clients
from heat_vision.conf import database
from heat_vision.conf import engine
from heat_vision.conf import limits
from heat_vision.conf import middleware
from heat_vision.conf import monitoring
from heat_vision.conf import paths
from heat_vision.conf import relay
from heat_vision.conf import rpc
from heat_vision.conf import stack_user
from heat_vision.conf import tasks
from heat_vision.conf import translators
from heat_vision.conf import trusts
from heat_vision.conf import url_fetch

_MODULES = (paths, api, autoscaling, cep, clients, database, engine,
            limits, middleware, monitoring, rpc, stack_user, tasks,
            translators, trusts, url_fetch, relay)


def list_opts():
    grouped = {}
    for module in _MODULES:
        for group, opts in module.list_opts().items():
            grouped.setdefault(group, []).extend(opts)
    return [(group, opts) for group, opts in grouped.items()]


def set_defaults():
    """Defaults that differ from the libraries' own (``.defaults`` hook)."""
    from oslo_config import cfg
    database.register_opts(cfg.CONF)
    middleware.register_opts(cfg.CONF)
