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

"""The engine's alarm evaluator: its share of the built-in alarms, in rounds.

Every ``[monitoring] evaluation_interval`` seconds each engine evaluates
the alarms that fall to it: the live engines (the ``live_engines`` the
engine hands it, as its locks see them),
sorted, split the alarms by a hash of their id, as Aodh's evaluators
split theirs. When an engine dies, its share falls to the others at
their next round; while engines come and go two of them may take the
same alarm once, and the state written only if unchanged
(``alarms.evaluate_many``) keeps that to one transition.

A round reads the alarms a page at a time and, for each page, each
project's meter once, so an alarm costs a few rows, not a task job's run.
"""

import threading
import time

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import alarms as db_alarms
from heat_vision.monitoring import alarms

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

#: Seconds between two looks at whether a round is due.
LOOK_EVERY = 0.5
#: Alarms read (of every engine's share) per page of a round.
PAGE = 1000


class AlarmEvaluator:

    def __init__(self, engine_id, live_engines):
        """:param live_engines: ``live_engines(context)`` is the set of the
            ids of the engines alive now.
        """
        self.engine_id = engine_id
        self.live_engines = live_engines
        self._stopping = threading.Event()
        self._thread = None

    def start(self):
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run,
                                        name='alarm-evaluator', daemon=True)
        self._thread.start()

    def stop(self):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(30)
            self._thread = None

    def _run(self):
        last = None
        while not self._stopping.is_set():
            # The interval read again at each look: a change of it (a
            # reload) counts from the last round, not the next.
            if last is not None and time.monotonic() - last < \
                    CONF.monitoring.evaluation_interval:
                self._stopping.wait(LOOK_EVERY)
                continue
            last = time.monotonic()
            try:
                self.evaluate_share()
            except Exception:
                LOG.exception('Alarm evaluation by engine %s failed',
                              self.engine_id)

    def share(self, ctxt):
        """:returns: ``(index, count)`` of this engine among the live
        ones.
        """
        engines = sorted(self.live_engines(ctxt) | {self.engine_id})
        return engines.index(self.engine_id), len(engines)

    def evaluate_share(self, now=None):
        """Evaluate this engine's share of the alarms once, a page of
        alarms at a time (the memory of a round stays bounded however
        many alarms there are).

        :returns: the ids of the alarms whose transitions were published
            (not the payloads: a round keeps no page's rows or payloads).
        """
        ctxt = context.get_admin_context()
        shard = self.share(ctxt)
        now = now or timeutils.utcnow()
        published, after = [], None
        while True:
            page, after = db_alarms.alarms_to_evaluate(
                ctxt, shard, after=after, limit=PAGE)
            try:
                alarms.retire_jobs(ctxt, page)
            except Exception:
                # Their runs evaluate nothing: the alarms are evaluated
                # below all the same, and the next round tries again.
                LOG.exception('Could not cancel the evaluation jobs of '
                              'an older version')
            published += [payload['alarm_id'] for payload in
                          alarms.evaluate_many(ctxt, page, now)]
            if after is None:
                return published
