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

"""Software deployments: their shape in Heat's API and the changes a
stack's deployment resources make to them.

Used by the RPC endpoint and by the stack facade. A server's metadata
shows the configs deployed to it under ``deployments`` (Heat's
``_push_metadata_software_deployments`` in
heat/engine/service_software_config.py stores that list in the server
resource's metadata; here it is read from the deployments when the
metadata is read, so no write races the stack's own).
"""

from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.db import software_deployments as db_deployments
from heat_vision.engine import software_configs

#: The metadata key of the configs deployed to a server (Heat's).
DEPLOYMENTS_KEY = 'deployments'


def format_software_deployment(row):
    """:returns: the deployment as Heat's API shows it."""
    return {'id': row.id, 'config_id': row.config_id,
            'server_id': row.server_id,
            'input_values': row.input_values or {},
            'output_values': row.output_values or {},
            'action': row.action, 'status': row.status,
            'status_reason': row.status_reason or '',
            'creation_time': _isotime(row.created_at),
            'updated_time': _isotime(row.updated_at)}


def format_deployed_config(config_row, deployment_row):
    """A config as a server's metadata gives it: inputs with values."""
    config = software_configs.format_software_config(config_row)
    config.pop('project', None)
    values = deployment_row.input_values or {}
    config['inputs'] = [dict(item, value=values[item.get('name')])
                        if item.get('name') in values else dict(item)
                        for item in config['inputs']]
    declared = {item.get('name') for item in config['inputs']}
    config['inputs'].extend({'name': name, 'type': 'String', 'value': value}
                            for name, value in sorted(values.items())
                            if name not in declared)
    return config


def _isotime(value):
    return value.isoformat(timespec='seconds') if value else None


def deployed_configs(ctxt, server_id, project_id=None):
    """The configs deployed to a server, sorted by config name (Heat's
    ``metadata_software_deployments``).

    :param project_id: whose deployments (the caller's by default).
    :returns: a list of configs, each with its deployment's input values
        in its inputs, as Heat gives a server's agent.
    """
    deployed = [format_deployed_config(config, row) for row, config in
                db_deployments.software_deployment_get_with_configs(
                    ctxt, server_id, project_id)]
    return sorted(deployed, key=lambda c: (c['name'] or '', c['id']))


def server_metadata(ctxt, project_id, server_id, metadata):
    """A server resource's metadata with the configs deployed to it.

    :param metadata: the stored metadata (not changed).
    :returns: ``metadata`` with ``deployments`` set when the server has
        deployments or the metadata had the key already.
    """
    if not server_id:
        return metadata
    deployed = deployed_configs(ctxt, server_id, project_id)
    if not deployed and DEPLOYMENTS_KEY not in (metadata or {}):
        return metadata
    return dict(metadata or {}, **{DEPLOYMENTS_KEY: deployed})


def create(ctxt, deployment_id, server_id, config_id, input_values,
           action, status, status_reason):
    """Store a deployment of the context's project; :returns: it."""
    return format_software_deployment(
        db_deployments.software_deployment_create(ctxt, {
            'id': deployment_id, 'server_id': server_id,
            'config_id': config_id, 'input_values': input_values or {},
            'action': action, 'status': status,
            'status_reason': status_reason or '',
            'project_id': ctxt.project_id}))


def show(ctxt, deployment_id):
    """:returns: the deployment, or None if it is unknown."""
    try:
        return format_software_deployment(
            db_deployments.software_deployment_get(ctxt, deployment_id))
    except exception.NotFound:
        return None


def update(ctxt, deployment_id, values, only_if_status=None):
    """Change a deployment; :returns: it, or None if it is gone or (with
    ``only_if_status``) its status was another.
    """
    values = dict(values, updated_at=timeutils.utcnow())
    row = db_deployments.software_deployment_update_if(
        ctxt, deployment_id, values, only_if_status)
    return format_software_deployment(row) if row is not None else None
