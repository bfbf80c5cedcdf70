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

"""RPC endpoint of software deployments (Heat's shapes).

A deployment ties a stored software config to a server; the agent on the
server reads its configs from the server's metadata and reports back by
updating the deployment's status and output values.

A deployment belongs to the caller's project: its config must be one the
caller may see (another project's is as unknown as a missing one), and
only an administrator may name another ``stack_user_project_id`` (the
project that then also sees it, and the server's metadata with it).
"""

import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import software_configs as db_configs
from heat_vision.db import software_deployments as db_deployments
from heat_vision.engine import deployment_push
from heat_vision.engine.endpoints import base
from heat_vision.engine import software_deployments as deployments

DEFAULT_ACTION = 'INIT'
DEFAULT_STATUS = 'COMPLETE'
_UPDATABLE = ('config_id', 'input_values', 'output_values', 'action',
              'status', 'status_reason')


def _check_stack_user_project(ctxt, project_id):
    """Only an administrator ties a deployment to another project."""
    if (project_id is not None and project_id != ctxt.project_id and
            not ctxt.is_admin):
        raise exception.Forbidden(
            _('stack_user_project_id %(given)s is not the project of the '
              'request (%(own)s); only an administrator may deploy for '
              'another project.') % {'given': project_id,
                                     'own': ctxt.project_id})


class SoftwareDeploymentEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    def list_software_deployments(self, ctxt, server_id=None):
        """:param server_id: only the deployments to this server.

        :returns: the deployments the caller's project may see.
        """
        return [deployments.format_software_deployment(row) for row in
                db_deployments.software_deployment_get_all(ctxt, server_id)]

    @base.user_errors
    def metadata_software_deployments(self, ctxt, server_id):
        """The configs deployed to a server, sorted by config name.

        :returns: a list of configs, each with its deployment's input
            values in its inputs, as Heat gives a server's agent.
        """
        return deployments.deployed_configs(ctxt, server_id)

    @base.user_errors
    def show_software_deployment(self, ctxt, deployment_id):
        """:returns: the deployment. :raises: EntityNotFound"""
        return deployments.format_software_deployment(
            db_deployments.software_deployment_get(ctxt, deployment_id))

    @base.user_errors
    def create_software_deployment(self, ctxt, server_id, config_id,
                                   input_values=None, action=None,
                                   status=None, status_reason=None,
                                   stack_user_project_id=None,
                                   deployment_id=None):
        """Deploy a stored config to a server.

        :param action: the stack action it is for (INIT by default).
        :param status: its status (COMPLETE by default).
        :param deployment_id: the id to give it; a new one by default.
        :param stack_user_project_id: the project of the server's agent,
            which also sees the deployment; the caller's own unless the
            caller is an administrator.
        :returns: the deployment.
        :raises: EntityNotFound when the config is not found (or is
            another project's); Forbidden for another project's
            stack_user_project_id
        """
        _check_stack_user_project(ctxt, stack_user_project_id)
        db_configs.software_config_get(ctxt, config_id)
        row = db_deployments.software_deployment_create(ctxt, {
            'id': deployment_id or uuidutils.generate_uuid(),
            'server_id': server_id, 'config_id': config_id,
            'input_values': input_values or {},
            'action': action or DEFAULT_ACTION,
            'status': status or DEFAULT_STATUS,
            'status_reason': status_reason or '',
            'project_id': ctxt.project_id,
            'stack_user_project_id': stack_user_project_id})
        deployment_push.push(ctxt, ctxt.project_id, server_id)
        return deployments.format_software_deployment(row)

    @base.user_errors
    def update_software_deployment(self, ctxt, deployment_id,
                                   config_id=None, input_values=None,
                                   output_values=None, action=None,
                                   status=None, status_reason=None):
        """Change what is given of a deployment; None keeps a value.

        :returns: the deployment.
        :raises: EntityNotFound for the deployment or the new config
        """
        # Whose the deployment is comes first, then the new config.
        db_deployments.software_deployment_get(ctxt, deployment_id)
        if config_id is not None:
            db_configs.software_config_get(ctxt, config_id)
        given = dict(config_id=config_id, input_values=input_values,
                     output_values=output_values, action=action,
                     status=status, status_reason=status_reason)
        values = {key: given[key] for key in _UPDATABLE
                  if given[key] is not None}
        values['updated_at'] = timeutils.utcnow()
        row = db_deployments.software_deployment_update(ctxt, deployment_id,
                                                        values)
        if config_id is not None:
            # As Heat's update_software_deployment: a new config only.
            deployment_push.push(ctxt, row.project_id, row.server_id)
        return deployments.format_software_deployment(row)

    @base.user_errors
    def delete_software_deployment(self, ctxt, deployment_id):
        """:raises: EntityNotFound"""
        row = db_deployments.software_deployment_get(ctxt, deployment_id)
        db_deployments.software_deployment_delete(ctxt, deployment_id)
        deployment_push.push(ctxt, row.project_id, row.server_id)
