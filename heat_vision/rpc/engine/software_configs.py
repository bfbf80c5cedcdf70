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

"""Engine RPC client methods of software configs.

Served by ``heat_vision.engine.endpoints.software_configs``.
"""


class SoftwareConfigMethods:
    """Client side of ``SoftwareConfigEndpoint``."""

    def list_software_configs(self, ctxt, limit=None, marker=None):
        """:returns: the project's software configs (no config bodies).

        :raises: EntityNotFound for an unknown marker
        """
        return self._call(ctxt, 'list_software_configs', version='1.5',
                          limit=limit, marker=marker)

    def create_software_config(self, ctxt, name, config, group=None,
                               inputs=None, outputs=None, options=None):
        """Store a software config.

        :returns: the config as Heat shows it (id, name, group, config,
            inputs, outputs, options, creation_time).
        """
        return self._call(ctxt, 'create_software_config', version='1.5',
                          name=name, config=config, group=group, inputs=inputs,
                          outputs=outputs, options=options)

    def show_software_config(self, ctxt, config_id):
        """:returns: the config. :raises: EntityNotFound"""
        return self._call(ctxt, 'show_software_config', version='1.5',
                          config_id=config_id)

    def delete_software_config(self, ctxt, config_id):
        """:raises: EntityNotFound"""
        return self._call(ctxt, 'delete_software_config', version='1.5',
                          config_id=config_id)
