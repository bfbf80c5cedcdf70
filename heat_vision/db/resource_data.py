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

"""Fresh reads and checked writes of one resource's data and metadata.

Signals change a resource while a stack operation may be running in
another thread or engine: they read the row afresh and write it back
only if nobody changed it in between (compare-and-set on ``updated_at``).
"""

from oslo_utils import timeutils

from heat_vision.db import api as db_api
from heat_vision.db import models


def resource_get_by_name(context, stack_id, name):
    """:returns: the live resource row ``name`` of the stack, or None."""
    with db_api.reader(context) as session:
        return session.query(models.Resource).filter_by(
            stack_id=stack_id, name=name, replaced_by=None).first()


def resource_update_if_unchanged(context, row, values):
    """Write ``values`` to ``row`` unless it changed since it was read.

    :returns: True if written, False if the row changed meanwhile.
    """
    values = dict(values, updated_at=timeutils.utcnow())
    with db_api.writer(context) as session:
        query = session.query(models.Resource).filter_by(id=row.id)
        if row.updated_at is None:
            query = query.filter(models.Resource.updated_at.is_(None))
        else:
            query = query.filter_by(updated_at=row.updated_at)
        return query.update(values, synchronize_session=False) > 0
