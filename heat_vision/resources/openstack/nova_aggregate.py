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

"""OS::Nova::HostAggregate: a group of compute hosts with metadata, and
an availability zone when it names one (admin only).

After Heat's nova/host_aggregate.py: the same properties; hosts are
added and removed one by one, and a host still in the aggregate is
removed before its delete (Nova refuses to delete a non-empty one).
Metadata keys no longer listed are removed on update (Heat's only adds
and changes).
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop


class HostAggregate(base.OpenStackResource):
    """A Nova host aggregate."""

    service = 'nova'
    path, key = '/os-aggregates', 'aggregate'
    ready_statuses = ()

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the aggregate.'),
                     required=True, update_allowed=True,
                     constraints=[constraints.Length(max=255)]),
        'availability_zone': prop(Schema.STRING,
                                  _('Availability zone the aggregate '
                                    'names.'),
                                  update_allowed=True,
                                  constraints=[constraints.Length(
                                      max=255)]),
        'hosts': prop(Schema.LIST, _('Compute hosts in the aggregate.'),
                      update_allowed=True,
                      constraints=[constraints.Length(max=4096)],
                      schema=prop(Schema.STRING, _('A compute host.'))),
        'metadata': prop(Schema.MAP, _('Metadata of the aggregate.'),
                         default={}, update_allowed=True,
                         constraints=[constraints.Length(max=256)]),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def adoptable(self):
        return None     # its name is always the template's

    def _action(self, name, body):
        return self.api('POST', self.object_path() + '/action',
                        body={name: body})

    def _hosts(self, add=(), remove=()):
        for host in sorted(set(remove)):
            self._action('remove_host', {'host': host})
        for host in sorted(set(add)):
            self._action('add_host', {'host': host})

    def _metadata(self, old, new):
        change = {key: None for key in old if key not in new}
        change.update((k, str(v)) for k, v in new.items()
                      if old.get(k) != str(v))
        if change:
            self._action('set_metadata', {'metadata': change})

    def create_body(self, properties):
        return base.without_none(
            {'availability_zone': properties.get('availability_zone')})

    def object_name(self, properties):
        return properties['name']

    def handle_create(self):
        super().handle_create()
        self._metadata({}, self.properties['metadata'] or {})
        self._hosts(add=self.properties['hosts'] or [])

    def update_body(self, new_properties, changed):
        return {k: changed[k] for k in ('availability_zone',)
                if k in changed}

    def handle_update(self, new_properties, changed):
        super().handle_update(new_properties, changed)
        shown = self.show_object()
        if 'metadata' in changed:
            old = dict(shown.get('metadata') or {})
            old.pop('availability_zone', None)
            self._metadata(old, changed['metadata'] or {})
        if 'hosts' in changed:
            had = set(shown.get('hosts') or [])
            wanted = set(changed['hosts'] or [])
            self._hosts(add=wanted - had, remove=had - wanted)

    def handle_delete(self):
        if not self.resource_id:
            return None
        shown = os_clients.ignoring_missing(self.show_object)
        if shown is None:
            return None
        self._hosts(remove=shown.get('hosts') or [])
        return super().handle_delete()

    def check_delete_complete(self, token):
        return True
