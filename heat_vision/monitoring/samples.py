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

"""Metric samples: checked against the limits, then stored.

A sample is ``{"name": str, "value": number, "dimensions": {str: str},
"timestamp": ISO 8601}`` (``timestamp`` defaults to now). Every value is
ranged: names and dimensions by ``[monitoring] max_dimension_length`` and
``max_dimensions``, a request by ``max_samples_per_request``, a timestamp
to the retention window (and at most 5 minutes ahead), a project's store
by ``max_samples_per_project``.
"""

import datetime
import math

from oslo_config import cfg
from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import metrics as db_metrics

CONF = cfg.CONF
#: Largest magnitude of a value (beyond it, sums overflow to infinity).
MAX_VALUE = 1e15
CLOCK_SKEW = datetime.timedelta(minutes=5)


def _fail(path, message):
    raise exception.InvalidParameter(reason='%s: %s' % (path, message))


def _name(value, path):
    limit = CONF.monitoring.max_dimension_length
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        _fail(path, _('must be a string of 1 to %d characters') % limit)
    return value


def check_dimensions(dimensions, path):
    """:returns: the dimensions, a small ``{str: str}``.

    :raises: InvalidParameter naming the path of what is wrong.
    """
    if dimensions is None:
        return {}
    if not isinstance(dimensions, dict):
        _fail(path, _('must be an object of strings'))
    if len(dimensions) > CONF.monitoring.max_dimensions:
        _fail(path, _('at most %d dimensions are allowed') %
              CONF.monitoring.max_dimensions)
    for key, value in dimensions.items():
        _name(key, path)
        _name(value, '%s.%s' % (path, key))
    return dict(dimensions)


def _timestamp(value, path, now):
    if value is None:
        return now
    try:
        stamp = timeutils.normalize_time(timeutils.parse_isotime(value))
    except (TypeError, ValueError):
        _fail(path, _('must be an ISO 8601 time'))
    oldest = now - datetime.timedelta(seconds=CONF.monitoring.
                                      metric_retention)
    if not oldest <= stamp <= now + CLOCK_SKEW:
        _fail(path, _('must be within the last %d seconds (the retention) '
                      'and at most 5 minutes ahead') %
              CONF.monitoring.metric_retention)
    return stamp


def _value(value, path):
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or
            not math.isfinite(value) or abs(value) > MAX_VALUE):
        _fail(path, _('must be a number between -%(m)g and %(m)g') %
              {'m': MAX_VALUE})
    return float(value)


def check(samples, path='samples'):
    """:returns: the samples, normalised for storage.

    :raises: InvalidParameter naming the path of what is wrong.
    """
    if not isinstance(samples, list) or not samples:
        _fail(path, _('must be a non-empty list'))
    if len(samples) > CONF.monitoring.max_samples_per_request:
        raise exception.RequestTooLarge(
            _('%(path)s: at most %(n)d samples per request') %
            {'path': path, 'n': CONF.monitoring.max_samples_per_request})
    now = timeutils.utcnow()
    result = []
    for index, sample in enumerate(samples):
        where = '%s[%d]' % (path, index)
        if not isinstance(sample, dict):
            _fail(where, _('must be an object'))
        unknown = set(sample) - {'name', 'value', 'dimensions', 'timestamp'}
        if unknown:
            _fail(where, _('unknown keys: %s') % ', '.join(sorted(unknown)))
        result.append({
            'name': _name(sample.get('name'), where + '.name'),
            'value': _value(sample.get('value'), where + '.value'),
            'dimensions': check_dimensions(sample.get('dimensions'),
                                           where + '.dimensions'),
            'timestamp': _timestamp(sample.get('timestamp'),
                                    where + '.timestamp', now)})
    return result


def store(context, project_id, samples):
    """Check and keep samples for ``project_id``.

    :returns: how many were stored.
    :raises: InvalidParameter, RequestTooLarge, Conflict (project full)
    """
    checked = check(samples)
    purge_expired(context, project_id)
    stored = db_metrics.sample_count(context, project_id)
    if stored + len(checked) > CONF.monitoring.max_samples_per_project:
        raise exception.Conflict(
            reason=_('The project keeps %(n)d samples, the most allowed '
                     '(max_samples_per_project); older ones expire after '
                     '%(s)d seconds.') %
            {'n': stored, 's': CONF.monitoring.metric_retention})
    db_metrics.sample_add_many(context, project_id, checked)
    return len(checked)


def purge_expired(context, project_id=None):
    """Drop the samples older than the retention; :returns: how many."""
    oldest = timeutils.utcnow() - datetime.timedelta(
        seconds=CONF.monitoring.metric_retention)
    return db_metrics.sample_purge(context, oldest, project_id)
