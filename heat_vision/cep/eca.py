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

"""The ``eca.rate_limit`` strategy: event, condition, action, slowly.

Per group (of each stack: the state is kept by stack and group): an
``alarm`` transition scales out (through a granted policy that adds
members), an ``ok`` one counts as a quiet period, and the group
scales in (through a policy that removes members) only after
``quiet_periods`` quiet periods in a row; any alarm starts the count
again. At most one action per ``interval`` seconds per group, whatever
comes in between. With ``high``/``low`` thresholds on the alarm's reason
data (``metric``), an alarm counts only at or above ``high`` and a quiet
period only at or below ``low``: values between change nothing
(hysteresis).
"""

from heat_vision.cep import app

SCALING = ('change_in_capacity', 'percent_change_in_capacity')


class RateLimit:

    def __init__(self, interval=300, quiet_periods=3, high=None, low=None,
                 metric='most_recent', max_groups=app.MAX_GROUPS):
        self.interval = float(interval)
        self.quiet_periods = int(quiet_periods)
        self.high = high
        self.low = low
        self.metric = metric
        self.last_action = app.GroupStates(max_groups)
        self.quiet = app.GroupStates(max_groups)

    def _signal(self, dispatch):
        """'out', 'quiet' or None for the dispatch's alarm."""
        state = (dispatch.get('alarm') or {}).get('current')
        value = app.metric(dispatch, self.metric)
        if state == 'alarm' and (self.high is None or value is None or
                                 value >= self.high):
            return 'out'
        if state == 'ok' and (self.low is None or value is None or
                              value <= self.low):
            return 'quiet'
        return None

    def decide(self, dispatch, now):
        signal = self._signal(dispatch)
        calls = []
        if signal is None:
            return calls
        for group, info in sorted((dispatch.get('groups') or {}).items()):
            call = self._decide_group(dispatch, group, info, signal, now)
            if call is not None:
                calls.append(call)
        return calls

    def _decide_group(self, dispatch, group, info, signal, now):
        key = app.group_key(dispatch, group)
        if signal == 'out':
            self.quiet[key] = 0
            direction = 1
        else:
            self.quiet[key] = self.quiet.get(key, 0) + 1
            if self.quiet[key] < self.quiet_periods:
                return None
            if info.get('size', 0) <= info.get('min_size', 0):
                return None
            direction = -1
        if now - self.last_action.get(key, float('-inf')) < \
                self.interval:
            return None
        for name, grant in app.policies(dispatch, group):
            step = grant.get('scaling_adjustment') or 0
            if grant.get('adjustment_type') in SCALING and \
                    step * direction > 0:
                self.last_action[key] = now
                if direction < 0:
                    self.quiet[key] = 0
                return app.Call(grant['url'], {
                    'source': 'cep', 'reason': 'eca: %s %s by %s' % (
                        'scale out' if direction > 0 else 'scale in',
                        group, name)}, 'policy %s' % name)
        return None
