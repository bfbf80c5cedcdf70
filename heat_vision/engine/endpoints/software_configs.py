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

"""RPC endpoint of stored software configs (Heat's shapes)."""

import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import software_configs as db_configs
from heat_vision.db import software_deployments as db_deployments
from heat_vision.engine import endpoints
from heat_vision.rpc import api as rpc_api


def format_software_config(row, detail=True):
    """:returns: the config as Heat's API shows it."""
    out = {'id': row.id, 'name': row.name, 'group': row.group,
           'creation_time': row.created_at.isoformat(timespec='seconds'),
           'project': row.project_id}
    if detail:
        config = row.config or {}
        out.update(config=config.get('config'),
                   inputs=config.get('inputs') or [],
                   outputs=config.get('outputs') or [],
                   options=config.get('options') or {})
    return out


def new_config(ctxt, name, config, group=None, inputs=None, outputs=None,
               options=None):
    """The values of a config to store, its id and creation time
    included (it can be formatted before it is stored).
    """
    return {
        'id': uuidutils.generate_uuid(),
        'created_at': timeutils.utcnow(),
        'name': name,
        'group': group or rpc_api.SOFTWARE_CONFIG_DEFAULT_GROUP,
        'project_id': ctxt.project_id,
        'config': {'config': config, 'inputs': inputs or [],
                   'outputs': outputs or [], 'options': options or {}}}


def create(ctxt, name, config, group=None, inputs=None, outputs=None,
           options=None):
    """Store a config. :returns: it, formatted."""
    row = db_configs.software_config_create(ctxt, new_config(
        ctxt, name, config, group, inputs, outputs, options))
    return format_software_config(row)


class SoftwareConfigEndpoint:

    target = messaging.Target(version=endpoints.RPC_API_VERSION)

    @endpoints.user_errors
    def list_software_configs(self, ctxt, limit=None, marker=None):
        """:returns: ``[{id, name, group, creation_time, project}]``.

        :raises: EntityNotFound for an unknown marker
        """
        return [format_software_config(row, detail=False) for row in
                db_configs.software_config_get_all(ctxt, limit, marker)]

    @endpoints.user_errors
    def create_software_config(self, ctxt, name, config, group=None,
                               inputs=None, outputs=None, options=None):
        """Store a software config (configs never change once stored).

        :returns: the config with id, config, inputs, outputs, options.
        """
        return create(ctxt, name, config, group, inputs, outputs, options)

    @endpoints.user_errors
    def show_software_config(self, ctxt, config_id):
        """:returns: the config. :raises: EntityNotFound"""
        return format_software_config(
            db_configs.software_config_get(ctxt, config_id))

    @endpoints.user_errors
    def delete_software_config(self, ctxt, config_id):
        """:raises: EntityNotFound, Invalid when a deployment uses it

        Whose the config is is checked first: another project's config
        is as unknown as a missing one, whether it is in use or not.
        """
        db_configs.software_config_get(ctxt, config_id)
        if db_deployments.config_in_use(ctxt, config_id):
            raise exception.Invalid(
                reason=_('Software config with id %s can not be deleted as '
                         'it is referenced.') % config_id)
        db_configs.software_config_delete(ctxt, config_id)
