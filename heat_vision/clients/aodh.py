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

"""Aodh, through python-aodhclient: what the OS::Aodh::* plugins need.

python-aodhclient (with keystoneauth, requests and osprofiler, about 13
MB) is imported when a plugin first asks for the client, not when the
engine loads its clients: an engine whose stacks have no Aodh alarm
never loads it (as openstacksdk, ``openstack``).
"""

from heat_vision.clients import errors
from heat_vision.common import exception

SERVICE = 'aodh'
_NAME = 'Aodh'


class AodhClient:
    """Alarms in Aodh's v2 API.

    :param session: the keystoneauth1 session acting for the context.
    :param options: ``Adapter`` options (interface, region_name,
        endpoint_override).
    """

    CONF_GROUP = 'clients_aodh'

    def __init__(self, session, options):
        from aodhclient import client as aodh_client
        self._client = aodh_client.Client('2', session=session, **options)

    def _translated(self):
        from aodhclient import exceptions as aodh_exceptions
        return errors.translated(_NAME, aodh_exceptions.ClientException)

    def create_alarm(self, alarm):
        """:returns: the alarm Aodh made from ``alarm`` (a dict)."""
        with self._translated():
            return self._client.alarm.create(alarm)

    def update_alarm(self, alarm_id, changes):
        """Change some fields of an alarm; :returns: the alarm."""
        with self._translated():
            return self._client.alarm.update(alarm_id, changes)

    def get_alarm(self, alarm_id):
        """:returns: the alarm (a dict).

        :raises: exception.ServiceObjectNotFound if Aodh has none.
        """
        with self._translated():
            return self._client.alarm.get(alarm_id)

    def delete_alarm(self, alarm_id):
        """Delete an alarm; one already gone is fine."""
        try:
            with self._translated():
                self._client.alarm.delete(alarm_id)
        except exception.ServiceObjectNotFound:
            pass

    def alarms_named(self, name):
        """:returns: the caller's alarms called ``name`` (a list)."""
        with self._translated():
            return self._client.alarm.list(filters={'name': name})
