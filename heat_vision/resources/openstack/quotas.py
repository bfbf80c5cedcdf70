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

"""OS::Nova::Quota, OS::Cinder::Quota and OS::Neutron::Quota: a
project's limits in one service (admin only).

As Heat's nova/quota.py, cinder/quota.py and neutron/quota.py: the
resource sets the limits it is given (the others keep theirs); its
physical id is its physical name; its delete puts the project back on
the service's defaults. Heat's neutron/quota.py deletes the quota of
the physical name rather than of the project (a no-op): here the
project's, as its nova and cinder quotas do.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

PROJECT = 'project'


def _limit(what):
    return prop(Schema.INTEGER, _('Quota of %s; -1: unlimited.') % what,
                update_allowed=True,
                constraints=[constraints.Range(min=-1, max=2 ** 31 - 1)])


def limits_schema(limits):
    schema = {PROJECT: prop(Schema.STRING, _('The project (name or id).'),
                            required=True)}
    schema.update((name, _limit(what)) for name, what in limits.items())
    return schema


class Quota(base.OpenStackResource):
    """A project's quota in one service; subclasses name it."""

    name_property = None
    ready_statuses = ()
    #: the quota's path (``'/os-quota-sets'``) and body key.
    path = key = None

    def project_id(self, properties):
        return self.find_id('keystone', '/projects', 'project',
                            properties[PROJECT])

    def limits(self, properties):
        return {name: value for name, value in properties.items()
                if name != PROJECT and value is not None}

    def set_limits(self, properties):
        project = self.project_id(properties)
        self.data['project_id'] = project
        self.api('PUT', self.object_path(project),
                 body={self.key: self.limits(properties)})

    def handle_create(self):
        self.set_limits(self.properties)
        self.resource_id = self.physical_resource_name()

    def handle_update(self, new_properties, changed):
        self.set_limits(new_properties)

    def handle_delete(self):
        if self.data.get('project_id'):
            os_clients.ignoring_missing(
                self.api, 'DELETE', self.object_path(self.data['project_id']))

    def check_delete_complete(self, token):
        return True

    def show_object(self):
        return self.api('GET', self.object_path(self.data['project_id']),
                        key=self.key)

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            given = [name for name in cls.properties_schema
                     if name != PROJECT and properties.get(name) is not None]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if not given:
            raise exception.StackValidationFailed(
                _('At least one of the following properties must be '
                  'specified: %s.') % ', '.join(sorted(
                      set(cls.properties_schema) - {PROJECT})),
                path=list(path))


class NovaQuota(Quota):
    """A project's Nova quota (microversion 2.1, where every one of
    Heat's limits still exists).
    """

    service = 'nova'
    path, key = '/os-quota-sets', 'quota_set'
    properties_schema = limits_schema({
        'cores': _('cores'), 'fixed_ips': _('fixed IPs'),
        'floating_ips': _('floating IPs'), 'instances': _('servers'),
        'injected_files': _('injected files (deprecated)'),
        'injected_file_content_bytes': _('injected file bytes '
                                         '(deprecated)'),
        'injected_file_path_bytes': _('injected file path bytes '
                                      '(deprecated)'),
        'key_pairs': _('key pairs'), 'metadata_items': _('metadata items'),
        'ram': _('RAM (MiB)'), 'security_groups': _('security groups'),
        'security_group_rules': _('security group rules'),
        'server_groups': _('server groups'),
        'server_group_members': _('members per server group')})
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}


class CinderQuota(Quota):
    """A project's Cinder quota."""

    service = 'cinder'
    path, key = '/os-quota-sets', 'quota_set'
    properties_schema = limits_schema({
        'gigabytes': _('volume and snapshot gigabytes'),
        'volumes': _('volumes'), 'backups': _('backups'),
        'backup_gigabytes': _('backup gigabytes'),
        'snapshots': _('snapshots')})
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}


class NeutronQuota(Quota):
    """A project's Neutron quota."""

    service = 'neutron'
    path, key = '/quotas', 'quota'
    properties_schema = limits_schema({
        'subnet': _('subnets'), 'network': _('networks'),
        'floatingip': _('floating IPs'),
        'security_group_rule': _('security group rules'),
        'security_group': _('security groups'), 'router': _('routers'),
        'port': _('ports'), 'subnetpool': _('subnet pools'),
        'rbac_policy': _('RBAC policies')})
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
