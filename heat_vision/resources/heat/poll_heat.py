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
"""What a server's agent polls the Heat API with (POLL_SERVER_HEAT).

As Heat's server_base (heat/engine/resources/server_base.py,
``_create_transport_credentials`` and ``_populate_deployments_metadata``):
with a stack-user domain configured the server owns a stack-domain user
with a generated password, and the ``heat`` section of its
``os-collect-config`` carries ``user_id``, ``password``, ``auth_url``
and ``project_id`` (the stack's project in that domain), with which
os-collect-config's heat collector reads the server's metadata and
heat-config-notify signals. Without one the section names the stack and
resource only, and the agent must be given credentials by other means.
A Nova server with ``user_data_format: SOFTWARE_CONFIG`` boots with that
metadata as the ``cfn-init-data`` part of its user data.
"""

import json

from oslo_config import cfg

from heat_vision.common import stack_users
from heat_vision.resources import stack_user

CONF = cfg.CONF


def create_credentials(plugin):
    """Make the server's user, if a stack-user domain is configured."""
    if stack_users.configured():
        stack_user.create_user_with_password(plugin)


def delete_credentials(plugin):
    stack_user.delete_user(plugin)


def collector(plugin):
    """:returns: the ``heat`` section of the server's os-collect-config."""
    section = {'auth_url': CONF.clients.auth_url,
               'project_id': plugin.context.project_id,
               'stack_id': '%s/%s' % (plugin.stack.name, plugin.stack.id),
               'resource_name': plugin.name,
               'region_name': CONF.clients_openstack.region_name}
    if plugin.data.get('user_id'):
        section.update(user_id=plugin.data['user_id'],
                       password=stack_user.password(plugin),
                       project_id=plugin.data['user_project_id'])
    return section


def boot_metadata(plugin):
    """:returns: the JSON text of the metadata a server boots with (the
        ``cfn-init-data`` part of its user data, as Heat's
        ``build_userdata`` adds it), where os-collect-config finds its
        ``heat`` section.
    """
    return json.dumps({'os-collect-config': {
        'heat': collector(plugin), 'collectors': ['heat', 'local']},
        'deployments': []})
