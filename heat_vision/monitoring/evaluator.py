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

"""The threshold rule of the built-in alarm, as a pure function.

The window ``period * (evaluation_periods + 1)`` ending now is cut into
periods; the statistics of the last ``evaluation_periods`` periods that
have samples are compared with the threshold. Every one breaching ->
``alarm``, none -> ``ok``, fewer than ``evaluation_periods`` periods with
samples -> ``insufficient data``, a mix -> no change, as Aodh's threshold
rule does. ``count`` is the exception: an empty period counts 0, so its
last ``evaluation_periods`` periods are taken as they are.

The one period more is Aodh's ``look_back`` (aodh/evaluator/threshold.py:
its window is ``period * (evaluation_periods + look_back)``, and
``_sanitize`` keeps the last ``evaluation_periods`` statistics). Without
it a sample is inside the window of one round only, and is lost if that
round started late or ran before the sample was stored.
"""

import datetime
import operator

from heat_vision.monitoring import constants as c

COMPARISONS = {'lt': operator.lt, 'le': operator.le, 'eq': operator.eq,
               'ne': operator.ne, 'ge': operator.ge, 'gt': operator.gt}
STATISTICS = {
    'avg': lambda values: sum(values) / len(values),
    'min': min,
    'max': max,
    'sum': sum,
    'count': len,
}


LOOK_BACK = 1


def window_start(definition, now):
    return now - datetime.timedelta(seconds=definition['period'] * (
        definition['evaluation_periods'] + LOOK_BACK))


def matches(wanted, dimensions):
    """:returns: True if every ``wanted`` dimension has its value."""
    dimensions = dimensions or {}
    return all(dimensions.get(k) == v for k, v in wanted.items())


def bucket_statistics(definition, samples, now):
    """:param samples: ``[(timestamp, value, dimensions)]``.
    :returns: ``evaluation_periods`` statistics, oldest first; a None
        first for each period short of samples.
    """
    period = definition['period']
    count = definition['evaluation_periods']
    start = window_start(definition, now)
    buckets = [[] for _ in range(count + LOOK_BACK)]
    wanted = definition.get('matching_metadata') or {}
    for timestamp, value, dimensions in samples:
        offset = (timestamp - start).total_seconds()
        if 0 <= offset < period * len(buckets) and matches(wanted,
                                                           dimensions):
            buckets[int(offset // period)].append(value)
    reduce = STATISTICS[definition['statistic']]
    if definition['statistic'] == 'count':
        return [reduce(b) for b in buckets[-count:]]
    stats = [reduce(b) for b in buckets if b][-count:]
    return [None] * (count - len(stats)) + stats


def evaluate(definition, samples, now):
    """:returns: ``(state, reason, reason_data)``, or None to keep the
    current state.
    """
    stats = bucket_statistics(definition, samples, now)
    if any(s is None for s in stats):
        return (c.STATE_INSUFFICIENT,
                '%d datapoints are unknown' % stats.count(None),
                {'type': 'threshold', 'disposition': 'unknown',
                 'count': stats.count(None), 'most_recent': None})
    compare = COMPARISONS[definition['comparison_operator']]
    threshold = definition['threshold']
    breaching = [compare(s, threshold) for s in stats]
    if all(breaching):
        state, disposition = c.STATE_ALARM, 'outside'
    elif not any(breaching):
        state, disposition = c.STATE_OK, 'inside'
    else:
        return None
    reason = ('Transition to %s due to %d samples %s threshold, most '
              'recent: %s' % (state, len(stats), disposition, stats[-1]))
    return state, reason, {'type': 'threshold', 'disposition': disposition,
                           'count': len(stats), 'most_recent': stats[-1]}
