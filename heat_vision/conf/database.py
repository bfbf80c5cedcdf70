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

"""Database options: oslo.db's own, with heat-vision's defaults."""

import copy

from oslo_db import options as db_options

# NOTE(heat-vision): $state_path is interpolated by oslo.config, so the
# embedded default follows --state-path.
DEFAULT_CONNECTION = 'sqlite:///$state_path/heat-vision.sqlite'

# Connections a process keeps open between transactions (oslo.db's
# default is 5). An engine walks several stacks on many threads at once;
# past the pool's size each transaction opened a connection of its own and
# closed it after (with PyMySQL, a TLS context is built for every new
# connection): under a burst of 20 stacks that churn was a third of the
# engine's CPU. Connections are opened only as concurrency needs them.
DEFAULT_MAX_POOL_SIZE = 20


_DEFAULTS = {'connection': DEFAULT_CONNECTION,
             'max_pool_size': DEFAULT_MAX_POOL_SIZE}


def register_opts(conf):
    db_options.set_defaults(conf, **_DEFAULTS)


def list_opts():
    """oslo.db's options, showing heat-vision's defaults (sample file)."""
    opts = []
    for opt in db_options.database_opts:
        if opt.dest in _DEFAULTS:
            opt = copy.copy(opt)
            opt.default = _DEFAULTS[opt.dest]
        opts.append(opt)
    return {'database': opts}
