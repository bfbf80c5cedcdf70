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

"""Software configs: their stored values and the shape Heat shows them in.

Used by the RPC endpoints and by the stack facade (a resource that
stores a config).
"""

from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.db import software_configs as db_configs
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
