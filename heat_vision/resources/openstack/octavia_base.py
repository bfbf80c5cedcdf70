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

"""What the OS::Octavia::* plugins share: Octavia's provisioning status
and its immutable parents.

As Heat's heat/engine/resources/openstack/octavia/octavia_base.py:

* an object is ready when its ``provisioning_status`` is ``ACTIVE``
  (after ``PENDING_CREATE`` / ``PENDING_UPDATE``), failed at ``ERROR``;
  it is gone once Octavia answers 404 or shows it ``DELETED``;
* while one child of a load balancer is being made, the load balancer
  is ``PENDING_UPDATE`` and Octavia refuses changes to it and its other
  children with a 409 (``ImmutableObject``, octavia/common/exceptions.py:
  "... is immutable and cannot be updated."). Heat then asks again at
  the next check; so does this base, for create, update and delete.
  Other 409s (a listener port already used ...) fail at once, where
  Heat would retry them until the stack times out.

Octavia has no ``tenant_id`` field (only ``project_id``,
octavia/api/v2/types/): Heat's ``tenant_id`` properties go there.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.resources.openstack import base

SERVICE = 'octavia'
ACTIVE, DELETED, ERROR = 'ACTIVE', 'DELETED', 'ERROR'
#: Numbers Octavia keeps as 32-bit integers.
INT_MAX = 2 ** 31 - 1


def attempt(call, *args, **kwargs):
    """``call(*args, **kwargs)``; :returns: False if Octavia refused it
    as "immutable" for now (409: ask again later), else True.
    """
    try:
        call(*args, **kwargs)
    except exception.ServiceConflict as error:
        if 'immutable' not in str(error).lower():
            raise
        return False
    return True


def known(properties, names):
    """The values of ``names``; None when one is not known yet (at
    validation, before the resources it refers to exist).
    """
    try:
        return [properties.get(name) for name in names]
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return None


def refuse(message, path):
    raise exception.StackValidationFailed(message, path=list(path))


class OctaviaResource(base.OpenStackResource):
    """An object of Octavia's v2 API (``/lbaas/...``)."""

    service = SERVICE
    ready_statuses = (ACTIVE,)
    failed_statuses = (ERROR,)
    #: property -> body key where they differ (ids of named objects
    #: are resolved by ``resolve``).
    renamed = {'tenant_id': 'project_id'}
    #: property naming another object -> the body key of its id.
    references = {}

    def octavia_id(self, path, key, value):
        """The id of Octavia's ``key`` object named or identified by
        ``value`` (None for None).
        """
        if value is None:
            return None
        return self.find_id(SERVICE, path, key, value)

    def resolve(self, properties):
        """``{body key: id}`` of the properties naming other objects
        (a subclass's; called with the properties being sent).
        """
        return {}

    def create_body(self, properties):
        body = {self.renamed.get(name, name): value
                for name, value in base.without_none(properties).items()
                if name not in self.references}
        body.update(base.without_none(self.resolve(properties)))
        return body

    def update_body(self, new_properties, changed):
        """The changed fields; one set to null is sent as null (Octavia
        then unsets it: a listener's default pool ...), as Heat's
        ``prop_diff``.
        """
        body = self.create_body(changed)
        for name, value in changed.items():
            if value is None and name != self.name_property:
                key = self.renamed.get(name, name)
                body[self.references.get(name, key)] = None
        return body

    # Create: posted again while the parent is immutable. ----------------

    def handle_create(self):
        attempt(super().handle_create)
        return None

    def check_create_complete(self, token):
        if not self.resource_id and not attempt(super().handle_create):
            return False
        if not self.ready_statuses:
            return True     # made by the POST (flavors, profiles)
        return self.status_reached(self.show_object(), self.ready_statuses)

    def status_reached(self, shown, wanted):
        status = str(shown.get('provisioning_status') or '').upper()
        if status in self.failed_statuses:
            raise exception.ServiceObjectFailed(
                service='Octavia', kind=self.key, id=self.resource_id,
                status=status, reason='')
        return not wanted or status in wanted

    # Update -------------------------------------------------------------

    def handle_update(self, new_properties, changed):
        if not changed or not self.resource_id:
            return None
        body = self.update_body(new_properties, changed)
        if self.name_property and self.name_property in changed:
            body['name'] = self.object_name(new_properties)
        token = {'body': body, 'sent': not body}
        self.put(token)
        return token

    def put(self, token):
        if not token['sent']:
            token['sent'] = attempt(self.api, 'PUT', self.object_path(),
                                    body={self.key: token['body']})
        return token['sent']

    def check_update_complete(self, token):
        if token is None:
            return True
        if not self.put(token):
            return False
        return self.status_reached(self.show_object(), self.ready_statuses)

    # Delete -------------------------------------------------------------

    def handle_delete(self):
        token = {'sent': False}
        if self.resource_id:
            self.delete(token)
        return token

    def delete(self, token):
        if not token['sent']:
            token['sent'] = attempt(os_clients.ignoring_missing, self.api,
                                    'DELETE', self.object_path())

    def check_delete_complete(self, token):
        if not self.resource_id:
            return True
        try:
            shown = self.show_object()
        except exception.ServiceObjectNotFound:
            return True
        if self.status_reached(shown, (DELETED,)):
            return True
        self.delete(token)
        return False


class OctaviaChild(OctaviaResource):
    """An object under its parent's path (a pool's members, an L7
    policy's rules); the parent's id is resolved once at create and
    kept in ``self.data``.
    """

    name_property = None
    #: (property naming the parent, the parents' path, their key).
    parent = (None, None, None)
    #: the children's path under their parent.
    children = None

    @property
    def parent_id_key(self):
        return self.parent[2] + '_id'

    @property
    def path(self):
        return '%s/%s/%s' % (self.parent[1], self.data[self.parent_id_key],
                             self.children)

    def handle_create(self):
        name, path, key = self.parent
        if self.parent_id_key not in self.data:
            self.data[self.parent_id_key] = self.octavia_id(
                path, key, self.properties[name])
        return super().handle_create()

    def handle_delete(self):
        if self.parent_id_key not in self.data:
            return None
        return super().handle_delete()

    def check_delete_complete(self, token):
        if self.parent_id_key not in self.data:
            return True
        return super().check_delete_complete(token)
