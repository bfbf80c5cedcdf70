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

"""heat-vision-api: the REST API, reaching engines over the network."""

import sys

from oslo_config import cfg

from heat_vision import cmd

CONF = cfg.CONF

HIDDEN_FROM_PECAN = ('sqlalchemy', 'pygments')


def main():
    import_pecan()
    cmd.prepare()
    cmd.catch_signals()
    cmd.require_network_transport('heat-vision-api')
    if CONF.api.workers > 1:
        from heat_vision.api import workers
        sock = cmd.listen_api()
        cmd.supervise(workers.Supervisor(CONF.api.workers,
                                         lambda: _worker(sock)))
        return
    api = cmd.bind_api()
    api.start()
    cmd.serve(api.stop)


def _worker(sock):
    from heat_vision.api import server
    from heat_vision.cmd import composite
    cmd.in_worker()
    api = server.APIServer(composite.setup_app(), sock=sock)
    api.start()
    cmd.serve(api.stop)


def import_pecan():
    """Import pecan with SQLAlchemy and Pygments hidden, if nothing has
    loaded pecan yet.

    NOTE(heat-vision): pecan's ``jsonify`` imports SQLAlchemy (about 11 MB
    of every API process) only to encode SQLAlchemy's result objects,
    which this API never returns; without it pecan defines stand-ins.
    Nothing else in heat-vision-api uses SQLAlchemy. Mako, which pecan's
    templating imports, loads Pygments (42 modules) to colour the source
    lines of its HTML error pages, and falls back to plain escaped text
    without it (mako/exceptions.py ``_install_highlighting``); this API
    renders no Mako template.
    """
    if 'pecan' in sys.modules:
        return
    hidden = [name for name in HIDDEN_FROM_PECAN if name not in sys.modules]
    sys.modules.update(dict.fromkeys(hidden))
    try:
        import pecan  # noqa: F401
    finally:
        for name in hidden:
            del sys.modules[name]
