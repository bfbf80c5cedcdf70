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

"""The ``mape.moving_average`` strategy: monitor, analyse, plan, execute.

Monitor: the alarm's reason data ``metric`` (utilisation, say), as a
moving average of the last ``window`` values per group (of each stack:
kept by stack and group). Analyse and plan: the capacity at which that
load would sit at ``target`` per member (in the metric's own units: a
utilisation in percent, as Aodh's and heat-vision's alarms carry it, has
a target in percent, 60 by default),
``ceil(size * average / target)``, within the group's limits. Execute:
when it differs from the size and the average is more than ``tolerance``
(a fraction) away from the target, POST ``{"capacity": n}`` to a granted
``exact_capacity`` policy of the group.
"""

import collections
import math

from heat_vision.cep import app


class MovingAverage:

    def __init__(self, target=60, window=5, tolerance=0.1,
                 metric='most_recent', max_groups=app.MAX_GROUPS):
        if target <= 0:
            raise ValueError('target must be more than 0')
        self.target = float(target)
        self.window = int(window)
        self.tolerance = float(tolerance)
        self.metric = metric
        self.samples = app.GroupStates(max_groups)

    def capacity(self, size, average, minimum, maximum):
        """The planned size: the load of ``average`` on ``size`` members,
        spread to sit at the target.
        """
        wanted = math.ceil(max(size, 1) * average / self.target)
        return max(minimum, min(maximum, wanted))

    def decide(self, dispatch, now):
        value = app.metric(dispatch, self.metric)
        calls = []
        if value is None:
            return calls
        for group, info in sorted((dispatch.get('groups') or {}).items()):
            window = self.samples.setdefault(
                app.group_key(dispatch, group),
                collections.deque(maxlen=self.window))
            window.append(value)
            average = sum(window) / len(window)
            if abs(average - self.target) <= self.tolerance * self.target:
                continue
            size = info.get('size', 0)
            planned = self.capacity(size, average, info.get('min_size', 0),
                                    info.get('max_size', size))
            if planned == size:
                continue
            for name, grant in app.policies(dispatch, group):
                if grant.get('adjustment_type') == 'exact_capacity':
                    calls.append(app.Call(grant['url'], {
                        'source': 'cep', 'capacity': planned,
                        'reason': 'mape: average %.3g vs target %.3g: '
                                  '%d -> %d members' % (
                                      average, self.target, size, planned)},
                        'policy %s' % name))
                    break
        return calls
