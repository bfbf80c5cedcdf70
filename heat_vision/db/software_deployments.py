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

"""Queries on software deployments.

A deployment belongs to its project and is also visible to its
``stack_user_project_id`` (the project of the server's agent), as in Heat;
only an administrator may set it to another project than the creator's
(see the engine endpoint), so a project never sees another's configs in
its servers' metadata.
"""

from oslo_db import exception as db_exception
import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import api as db_api
from heat_vision.db import models

_Deployment = models.SoftwareDeployment


def software_deployment_create(context, values):
    """:returns: the new row.

    :raises: Conflict when the (caller-chosen) id is taken, whoever's
        deployment has it.
    """
    try:
        with db_api.writer(context) as session:
            row = _Deployment(**values)
            session.add(row)
            session.flush()
            return row
    except db_exception.DBDuplicateEntry:
        raise exception.Conflict(
            reason=_('A software deployment with id %s already exists; '
                     'choose another id or leave it out.') % values['id'])


def software_deployment_get(context, deployment_id):
    """:raises: EntityNotFound, also when the context may not see it."""
    with db_api.reader(context) as session:
        row = session.get(_Deployment, deployment_id)
    if row is None or not (context.is_admin or context.project_id in (
            row.project_id, row.stack_user_project_id)):
        raise exception.EntityNotFound(entity='Software deployment',
                                       name=deployment_id)
    return row


def software_deployment_get_all(context, server_id=None):
    """The deployments the context may see, oldest first."""
    with db_api.reader(context) as session:
        return _visible(session.query(_Deployment), context,
                        server_id).all()


def software_deployment_get_with_configs(context, server_id,
                                         project_id=None):
    """:param project_id: whose deployments (the context's by default).

    :returns: ``[(deployment, its config)]`` of the server, oldest
        first; the deployment's visibility covers its config.
    """
    with db_api.reader(context) as session:
        query = session.query(_Deployment, models.SoftwareConfig).join(
            models.SoftwareConfig,
            models.SoftwareConfig.id == _Deployment.config_id)
        return [tuple(pair) for pair in
                _visible(query, context, server_id, project_id).all()]


def _visible(query, context, server_id, project_id=None):
    project_id = project_id or context.project_id
    query = query.filter(sa.or_(
        _Deployment.project_id == project_id,
        _Deployment.stack_user_project_id == project_id))
    if server_id is not None:
        query = query.filter(_Deployment.server_id == server_id)
    return query.order_by(_Deployment.created_at, _Deployment.id)


def software_deployment_update(context, deployment_id, values):
    """:returns: the updated row. :raises: EntityNotFound"""
    row = software_deployment_get(context, deployment_id)
    with db_api.writer(context) as session:
        session.query(_Deployment).filter_by(id=row.id).update(values)
    return software_deployment_get(context, deployment_id)


def software_deployment_update_if(context, deployment_id, values,
                                  status=None):
    """Update a deployment the context may see, in one statement.

    :param status: update it only while its status is this one.
    :returns: the updated row, or None if none was (gone, not the
        context's, or in another status).
    """
    with db_api.writer(context) as session:
        query = session.query(_Deployment).filter_by(id=deployment_id)
        if not context.is_admin:
            query = query.filter(sa.or_(
                _Deployment.project_id == context.project_id,
                _Deployment.stack_user_project_id == context.project_id))
        if status is not None:
            query = query.filter_by(status=status)
        if not query.update(values, synchronize_session=False):
            return None
    return software_deployment_get(context, deployment_id)


def software_deployment_delete(context, deployment_id):
    """:raises: EntityNotFound"""
    row = software_deployment_get(context, deployment_id)
    with db_api.writer(context) as session:
        session.query(_Deployment).filter_by(id=row.id).delete()


def config_in_use(context, config_id):
    """Whether a deployment uses the software config ``config_id``."""
    with db_api.reader(context) as session:
        return session.query(_Deployment.id).filter_by(
            config_id=config_id).first() is not None
