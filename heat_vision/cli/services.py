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

"""``service list``: the engines the service runs (admin only)."""

from cliff import lister

from heat_vision.cli import common

FIELDS = (('hostname', 'Hostname'), ('binary', 'Binary'),
          ('engine_id', 'Engine ID'), ('host', 'Host'), ('topic', 'Topic'),
          ('updated_at', 'Updated At'), ('status', 'Status'))


class ListServices(lister.Lister):
    """List the orchestration engines and their status."""

    def take_action(self, args):
        found = self.app.client.get('services').get('services', [])
        return common.list_rows(found, FIELDS)
