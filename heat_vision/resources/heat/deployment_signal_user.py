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
"""A deployment's own stack-domain user: HEAT_SIGNAL and ZAQAR_SIGNAL.

As Heat's signal_responder (heat/engine/resources/signal_responder.py,
``_get_heat_signal_credentials`` and ``_get_zaqar_signal_queue_id``) and
software_deployment's derived inputs: with a stack-user domain
configured, a deployment signalled by HEAT_SIGNAL or ZAQAR_SIGNAL owns a
user with a generated password, given to the server as
``deploy_auth_url``, ``deploy_username``, ``deploy_user_id``,
``deploy_password`` and ``deploy_project_id``. With ZAQAR_SIGNAL the
server posts its outputs to the queue ``deploy_queue_id`` (the
deployment's physical name, in the user's project) and the deployment's
checks take them as Heat's ``_refresh_zaqar_software_deployment`` does
(heat/engine/service_software_config.py): the first message popped is
the signal. The queue and the user go with the deployment.
"""

import uuid

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import stack_user

CONF = cfg.CONF
# Zaqar wants a Client-ID on every request; the engine's own.
_CLIENT = {'Client-ID': str(uuid.uuid5(uuid.NAMESPACE_URL,
                                       'heat-vision-deployment-signals'))}
QUEUE_KEY = 'zaqar_signal_queue_id'


def create(plugin, with_queue):
    """Make the deployment's user (once); note its queue's name."""
    stack_user.create_user_with_password(plugin)
    if with_queue:
        plugin.data[QUEUE_KEY] = plugin.physical_resource_name()[:64]


def _user(plugin):
    return {'user_id': plugin.data['user_id'],
            'project_id': plugin.data['user_project_id'],
            'password': stack_user.password(plugin)}


def inputs(plugin, add):
    """:returns: the ``deploy_*`` inputs of the user (and the queue)."""
    if not plugin.data.get('user_id'):
        return []
    made = [
        add('deploy_auth_url', CONF.clients.auth_url,
            _('URL for API authentication')),
        add('deploy_username', plugin.physical_resource_name(),
            _('Username for API authentication')),
        add('deploy_user_id', plugin.data['user_id'],
            _('User ID for API authentication')),
        add('deploy_password', stack_user.password(plugin),
            _('Password for API authentication')),
        add('deploy_project_id', plugin.data['user_project_id'],
            _('ID of project for API authentication'))]
    if CONF.clients_openstack.region_name:
        made.append(add('deploy_region_name',
                        CONF.clients_openstack.region_name,
                        _('Region name for API authentication')))
    if plugin.data.get(QUEUE_KEY):
        made.append(add('deploy_queue_id', plugin.data[QUEUE_KEY],
                        _('ID of queue to use for signaling output '
                          'values')))
    return made


def pop_signal(plugin):
    """:returns: the body of the first message popped from the
        deployment's queue, or None when it has none.
    """
    queue = plugin.data.get(QUEUE_KEY)
    if not queue:
        return None
    try:
        popped = plugin.stack.stack_domain().call_as_user(
            _user(plugin), 'messaging', 'DELETE',
            '/v2/queues/%s/messages?pop=1' % queue, headers=_CLIENT)
    except exception.ServiceObjectNotFound:
        return None
    messages = popped.get('messages') or []
    return messages[0].get('body') if messages else None


def delete(plugin):
    """Delete the queue (if any), then the user."""
    queue = plugin.data.pop(QUEUE_KEY, None)
    if queue and plugin.data.get('user_id'):
        try:
            plugin.stack.stack_domain().call_as_user(
                _user(plugin), 'messaging', 'DELETE',
                '/v2/queues/%s' % queue, headers=_CLIENT)
        except exception.ServiceObjectNotFound:
            pass
    stack_user.delete_user(plugin)
