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

"""Queries on metric samples (kept for ``[monitoring] metric_retention``)."""

import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

_Sample = models.MetricSample


def sample_add_many(context, project_id, samples):
    """Store samples: dicts of name, dimensions, value, timestamp."""
    with db_api.writer(context) as session:
        session.add_all([_Sample(project_id=project_id, **s)
                         for s in samples])


def sample_count(context, project_id):
    with db_api.reader(context) as session:
        return session.query(sa.func.count(_Sample.id)).filter_by(
            project_id=project_id).scalar()


def samples_since(context, project_id, name, since):
    """:returns: ``[(timestamp, value, dimensions)]`` of a metric, oldest
    first, from ``since`` on.
    """
    with db_api.reader(context) as session:
        return session.query(_Sample.timestamp, _Sample.value,
                             _Sample.dimensions).filter(
            _Sample.project_id == project_id, _Sample.name == name,
            _Sample.timestamp >= since).order_by(_Sample.timestamp).all()


def sample_purge(context, before, project_id=None):
    """Delete the samples older than ``before`` (of one project if given).

    :returns: how many were deleted.
    """
    with db_api.writer(context) as session:
        query = session.query(_Sample).filter(_Sample.timestamp < before)
        if project_id is not None:
            query = query.filter(_Sample.project_id == project_id)
        return query.delete(synchronize_session=False)
