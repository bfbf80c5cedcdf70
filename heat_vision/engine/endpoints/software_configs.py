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

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import software_configs as db_configs
from heat_vision.db import software_deployments as db_deployments
from heat_vision.engine.endpoints import base
from heat_vision.engine import software_configs


class SoftwareConfigEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    def list_software_configs(self, ctxt, limit=None, marker=None):
        """:returns: ``[{id, name, group, creation_time, project}]``.

        :raises: EntityNotFound for an unknown marker
        """
        return [software_configs.format_software_config(row, detail=False)
                for row in db_configs.software_config_get_all(
                    ctxt, limit, marker)]

    @base.user_errors
    def create_software_config(self, ctxt, name, config, group=None,
                               inputs=None, outputs=None, options=None):
        """Store a software config (configs never change once stored).

        :returns: the config with id, config, inputs, outputs, options.
        """
        return software_configs.create(ctxt, name, config, group, inputs,
                                       outputs, options)

    @base.user_errors
    def show_software_config(self, ctxt, config_id):
        """:returns: the config. :raises: EntityNotFound"""
        return software_configs.format_software_config(
            db_configs.software_config_get(ctxt, config_id))

    @base.user_errors
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
