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

"""An embedded-mode task system in a process of its own (for kill -9).

Usage: embedded_node.py STATE_DIR [JOBS_JSON IDS_OUT]

Runs the task service as heat-vision-all does (sqlite under STATE_DIR,
in-process transport, local board); submits the job documents of
JOBS_JSON if given, writing their ids to IDS_OUT; then runs until killed.
"""

import json
import os
import sys
import threading

from oslo_config import cfg

from heat_vision.common import context
from heat_vision import conf as hv_conf
from heat_vision.db import migration
from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi
from heat_vision.tasks import server

CONF = cfg.CONF


def main(state_dir, jobs=None, ids_out=None):
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision', default_config_files=[])
    CONF.set_override('state_path', state_dir)
    CONF.set_override('jobboard', 'local', group='tasks')
    # A node killed with -9 is taken for dead 3 s after its last beat.
    CONF.set_override('report_interval', 1)
    CONF.set_override('service_down_time', 3)
    CONF.set_override('watch_interval', 0.1, group='tasks')
    # The tasks call the test's HitCounter on 127.0.0.1.
    CONF.set_override('allowed_networks', ['127.0.0.1/32'], group='url_fetch')
    CONF.set_override('min_interval', 0.1, group='tasks')
    migration.db_sync()
    service = server.TaskServer()
    service.start()
    if jobs:
        client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                    exchange=CONF.control_exchange)
        ctxt = context.RequestContext(project_id='p1', user_id='u1')
        with open(jobs) as docs:
            ids = [client.create_job(ctxt, doc)['id']
                   for doc in json.load(docs)]
        with open(ids_out + '.tmp', 'w') as out:
            json.dump(ids, out)
        os.rename(ids_out + '.tmp', ids_out)
    threading.Event().wait()


if __name__ == '__main__':
    main(*sys.argv[1:4])
