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
