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

"""Engine RPC client methods of software deployments.

Served by ``heat_vision.engine.endpoints.software_deployments``.
"""


class SoftwareDeploymentMethods:
    """Client side of ``SoftwareDeploymentEndpoint``."""

    def list_software_deployments(self, ctxt, server_id=None):
        """:param server_id: only the deployments to this server.

        :returns: the deployments the caller's project may see.
        """
        return self._call(ctxt, 'list_software_deployments', version='1.9',
                          server_id=server_id)

    def metadata_software_deployments(self, ctxt, server_id):
        """:returns: the configs deployed to the server, sorted by name,
            each with the deployment's input values in its inputs.
        """
        return self._call(ctxt, 'metadata_software_deployments', version='1.9',
                          server_id=server_id)

    def show_software_deployment(self, ctxt, deployment_id):
        """:returns: the deployment. :raises: EntityNotFound"""
        return self._call(ctxt, 'show_software_deployment', version='1.9',
                          deployment_id=deployment_id)

    def create_software_deployment(self, ctxt, server_id, config_id,
                                   input_values=None, action=None,
                                   status=None, status_reason=None,
                                   stack_user_project_id=None,
                                   deployment_id=None):
        """Deploy a stored software config to a server.

        :param action: the stack action it is for (INIT by default).
        :param status: its status (COMPLETE by default).
        :param deployment_id: the id to give it; a new one by default.
        :returns: the deployment.
        :raises: EntityNotFound when the config is not found
        """
        return self._call(ctxt, 'create_software_deployment', version='1.9',
                          server_id=server_id, config_id=config_id,
                          input_values=input_values, action=action,
                          status=status, status_reason=status_reason,
                          stack_user_project_id=stack_user_project_id,
                          deployment_id=deployment_id)

    def update_software_deployment(self, ctxt, deployment_id,
                                   config_id=None, input_values=None,
                                   output_values=None, action=None,
                                   status=None, status_reason=None):
        """Change what is given of a deployment; None keeps a value.

        :returns: the deployment.
        :raises: EntityNotFound for the deployment or the new config
        """
        return self._call(ctxt, 'update_software_deployment', version='1.9',
                          deployment_id=deployment_id, config_id=config_id,
                          input_values=input_values,
                          output_values=output_values, action=action,
                          status=status, status_reason=status_reason)

    def delete_software_deployment(self, ctxt, deployment_id):
        """:raises: EntityNotFound"""
        return self._call(ctxt, 'delete_software_deployment', version='1.9',
                          deployment_id=deployment_id)
