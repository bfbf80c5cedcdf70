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

"""OS::Heat::CloudConfig: a cloud-init ``#cloud-config`` software config."""

import yaml

from heat_vision.common.i18n import _
from heat_vision.resources.heat import software_config
from heat_vision.template import constraints


class CloudConfig(software_config.SoftwareConfig):
    """Stores ``cloud_config`` as YAML after ``#cloud-config``."""

    PROPERTIES = (CLOUD_CONFIG,) = ('cloud_config',)
    # It only formats its map; its row is queued as SoftwareConfig's is.
    runs_in_walk = True

    properties_schema = {
        CLOUD_CONFIG: constraints.Schema(
            constraints.Schema.MAP,
            _('Map representing the cloud-config data structure which '
              'will be formatted as YAML.')),
    }

    def config_text(self):
        """:returns: ``#cloud-config`` and the map as YAML."""
        return '#cloud-config\n%s' % yaml.safe_dump(
            self.properties.get(self.CLOUD_CONFIG) or {},
            default_flow_style=False)
