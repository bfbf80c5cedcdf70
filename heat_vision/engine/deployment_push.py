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
"""A server's metadata pushed again when its deployments change.

As Heat's ``_push_metadata_software_deployments``
(heat/engine/service_software_config.py): after a deployment to a server
is made, points at a new config, or is deleted, the server resource's
metadata with the configs now deployed to it is PUT to its Swift object
(POLL_TEMP_URL) or posted to its Zaqar queue (ZAQAR_MESSAGE). The
polled transports read the deployments when the metadata is read, so
nothing is pushed for them. As Heat, a failed delivery is logged, not
raised: the deployment itself is stored.
"""

from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.db import resources as db_resources
from heat_vision.engine import software_deployments

LOG = logging.getLogger(__name__)


def push(ctxt, project_id, server_id):
    """Deliver the metadata of ``project_id``'s server ``server_id``
    where its agent reads it, if its transport is pushed.
    """
    if not server_id:
        return
    # NOTE(heat-vision): imported here, where a deployment is pushed: they
    # bring keystoneauth (with requests and osprofiler), which an engine
    # that pushes nothing need not load.
    from heat_vision.clients import stack_domain
    from heat_vision.resources.heat import server_transport
    pushed = (server_transport.PUT_URL, server_transport.QUEUE_ID)
    rows = db_resources.resource_get_by_physical_id(ctxt, project_id,
                                                    server_id)
    for row in rows:
        data = row.attr_data or {}
        if row.action == 'DELETE' or not any(data.get(k) for k in pushed):
            continue
        metadata = software_deployments.server_metadata(
            ctxt, project_id, server_id, row.rsrc_metadata)
        try:
            server_transport.deliver(data, metadata, stack_domain.StackDomain)
        except exception.HeatVisionException as exc:
            LOG.error('Failed to deliver deployment data to server %s: %s',
                      server_id, exc)
