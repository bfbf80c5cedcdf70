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

"""An engine with its task service on the local board, in a process of
its own, on a sqlite file that other such nodes share.

Usage: engine_node.py STATE_DIR READY_OUT [JOBS_JSON IDS_OUT]

Runs an engine as heat-vision-all does (in-process transport, local
board), with heartbeats every second and engines taken for dead after
8 s; writes its engine id to READY_OUT once started; submits the job
documents of JOBS_JSON if given, writing their ids to IDS_OUT; then runs
until killed.
"""

import json
import os
import sys
import threading

from oslo_config import cfg

from heat_vision.common import context
from heat_vision import conf as hv_conf
from heat_vision.db import migration
from heat_vision.engine import server
from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi

CONF = cfg.CONF


def _write(path, value):
    with open(path + '.tmp', 'w') as out:
        json.dump(value, out)
    os.rename(path + '.tmp', path)


def main(state_dir, ready_out, jobs=None, ids_out=None):
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision', default_config_files=[])
    CONF.set_override('state_path', state_dir)
    CONF.set_override('report_interval', 1)
    CONF.set_override('service_down_time', 8)
    CONF.set_override('jobboard', 'local', group='tasks')
    CONF.set_override('watch_interval', 0.1, group='tasks')
    # The tasks call the test's HitCounter on 127.0.0.1.
    CONF.set_override('allowed_networks', ['127.0.0.1/32'], group='url_fetch')
    migration.db_sync()
    engine = server.EngineServer()
    engine.start()
    _write(ready_out, engine.engine_id)
    if jobs:
        client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                    exchange=CONF.control_exchange)
        ctxt = context.RequestContext(project_id='p1', user_id='u1')
        with open(jobs) as docs:
            _write(ids_out, [client.create_job(ctxt, doc)['id']
                             for doc in json.load(docs)])
    threading.Event().wait()


if __name__ == '__main__':
    main(*sys.argv[1:5])
