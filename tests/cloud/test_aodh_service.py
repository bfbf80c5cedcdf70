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

"""The Aodh fixture itself: it answers, and leaves nothing behind."""

import os

import requests
import sqlalchemy as sa

from tests import backends
from tests import base
from tests.cloud import aodh_service


def _group_members(pgid):
    """PIDs of the live processes in process group ``pgid``."""
    members = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                fields = f.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        # After the name: state, ppid, pgrp; a zombie is already gone.
        if int(fields[2]) == pgid and fields[0] != 'Z':
            members.append(int(entry))
    return members


class AodhServiceTest(base.TestCase):

    TIMEOUT = 1200

    def test_starts_aodh_and_stops_everything_it_started(self):
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        aodh = aodh_service.AodhService(self.state_dir)
        aodh.setUp()
        try:
            aodh.attach_logs_to(self)
            response = requests.get(aodh.url + '/v2/alarms',
                                    headers=aodh.headers('p'), timeout=30)
            self.assertEqual(200, response.status_code, response.text)
            self.assertEqual([], response.json())
            groups = [p.popen.pid for p in aodh.processes.values()]
            # The daemons fork their workers into the same group.
            self.assertGreater(
                sum(len(_group_members(g)) for g in groups), len(groups))
            database = aodh.database_url.rsplit('/', 1)[1]
        finally:
            aodh.cleanUp()
        self.assertEqual([], [pid for g in groups
                              for pid in _group_members(g)])
        engine = sa.create_engine(backends.ADMIN_URLS['mysql'])
        self.addCleanup(engine.dispose)
        with engine.connect() as conn:
            names = [row[0] for row in conn.execute(
                sa.text('SHOW DATABASES'))]
        self.assertNotIn(database, names)
