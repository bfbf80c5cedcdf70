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

"""The ``alarm_url`` and ``signal_url`` attributes of signalled resources.

Shared by ``OS::Heat::ScalingPolicy`` and ``OS::HeatVision::CEP``: the
first is signed with the secret the resource keeps (no Keystone needed),
the second is the authenticated resource signal API.
"""

from heat_vision.common import signing


def alarm_url(plugin):
    """:returns: the signed signal URL of ``plugin``, once it has a secret.
    """
    secret = plugin.data.get(signing.SECRET_KEY)
    if not secret:
        return None
    return signing.signal_url(plugin.stack.id, plugin.name, secret)


def signal_url(plugin):
    """:returns: the resource signal API URL of ``plugin``, once created.
    """
    if not plugin.resource_id:
        return None
    return signing.resource_signal_url(
        plugin.context.project_id, plugin.stack.name, plugin.stack.id,
        plugin.name)
