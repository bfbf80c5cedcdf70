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

"""Queries on software configs (one project's, or any for admins)."""

import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import paging

# Ids per IN list of a delete (sqlite binds at most 32766 per statement).
_IN_BATCH = 500


def software_config_create(context, values):
    """:returns: the new row."""
    with db_api.writer(context) as session:
        row = models.SoftwareConfig(**values)
        session.add(row)
        session.flush()
        return row


def software_config_insert_many(context, values):
    """Store several configs in one statement (each with its id)."""
    if values:
        with db_api.writer(context) as session:
            session.execute(sa.insert(models.SoftwareConfig), values)


def software_config_get(context, config_id):
    """:raises: NotFound, also when the config is another project's."""
    with db_api.reader(context) as session:
        row = session.get(models.SoftwareConfig, config_id)
    if row is None or not (context.is_admin or
                           row.project_id == context.project_id):
        raise exception.EntityNotFound(entity='Software config',
                                       name=config_id)
    return row


def software_config_get_all(context, limit=None, marker=None):
    """The project's configs, oldest first, ``limit`` after ``marker``."""
    with db_api.reader(context) as session:
        query = session.query(models.SoftwareConfig).filter_by(
            project_id=context.project_id)
        query = paging.sorted_after(
            query, [models.SoftwareConfig.created_at,
                    models.SoftwareConfig.id],
            mark=software_config_get(context, marker) if marker else None)
        if limit:
            query = query.limit(limit)
        return query.all()


def software_config_delete(context, config_id):
    """One statement, no read first (a stack's delete runs one per config
    resource).

    :raises: NotFound, also when the config is another project's.
    """
    with db_api.writer(context) as session:
        query = session.query(models.SoftwareConfig).filter_by(id=config_id)
        if not context.is_admin:
            query = query.filter_by(project_id=context.project_id)
        deleted = query.delete(synchronize_session=False)
    if not deleted:
        raise exception.EntityNotFound(entity='Software config',
                                       name=config_id)


def software_config_delete_many(context, config_ids):
    """Delete the project's configs among ``config_ids`` (admins: any);
    those already gone are not an error.
    """
    if not config_ids:
        return
    with db_api.writer(context) as session:
        for start in range(0, len(config_ids), _IN_BATCH):
            query = session.query(models.SoftwareConfig).filter(
                models.SoftwareConfig.id.in_(
                    config_ids[start:start + _IN_BATCH]))
            if not context.is_admin:
                query = query.filter_by(project_id=context.project_id)
            query.delete(synchronize_session=False)
