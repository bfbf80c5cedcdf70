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

The window ``period * evaluation_periods`` ending now is cut into
``evaluation_periods`` buckets; the statistic of each is compared with the
threshold. Every bucket breaching -> ``alarm``, none -> ``ok``, a bucket
without samples -> ``insufficient data`` (except for ``count``, where an
empty bucket counts 0), a mix -> no change, as Aodh's threshold rule does.
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


def window_start(definition, now):
    return now - datetime.timedelta(
        seconds=definition['period'] * definition['evaluation_periods'])


def matches(wanted, dimensions):
    """:returns: True if every ``wanted`` dimension has its value."""
    dimensions = dimensions or {}
    return all(dimensions.get(k) == v for k, v in wanted.items())


def bucket_statistics(definition, samples, now):
    """:param samples: ``[(timestamp, value, dimensions)]``.
    :returns: one statistic per bucket, oldest first (None: no sample).
    """
    period = definition['period']
    count = definition['evaluation_periods']
    start = window_start(definition, now)
    buckets = [[] for _ in range(count)]
    wanted = definition.get('matching_metadata') or {}
    for timestamp, value, dimensions in samples:
        offset = (timestamp - start).total_seconds()
        if 0 <= offset < period * count and matches(wanted, dimensions):
            buckets[int(offset // period)].append(value)
    statistic = definition['statistic']
    return [STATISTICS[statistic](b) if b or statistic == 'count' else None
            for b in buckets]


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
