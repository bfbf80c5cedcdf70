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

"""What every OpenStack resource plugin does with its service's object.

A subclass names its service, the object's collection path and body key
(``'/networks'``, ``'network'``), and builds the create body from its
properties (``create_body``). The rest is common:

* create: POST the body, keep the id; ``check_create_complete`` reads the
  object's status once per call (the engine calls it again, with a
  growing pause, until it answers True: no sleeping here) and fails the
  resource when the status is an error one;
* take-over: an engine re-running the create of a dead one first looks
  for an object of this resource's physical name (``adoptable``) and
  keeps it instead of making a second;
* update in place: PUT the changed fields (``update_body``); properties
  that are not ``update_allowed`` make the engine replace the resource;
* delete: DELETE, then poll until the service no longer has it; an
  object already gone is fine;
* attributes: read from the object as the service shows it (``show``
  is all of it);
* check: the object is in no failed status and its live properties are
  what the template says (``live_state``).
"""

from oslo_log import log as logging

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.openstack import live_state
from heat_vision.template import attributes
from heat_vision.template import constraints
from heat_vision.template import translation

LOG = logging.getLogger(__name__)
Schema = constraints.Schema

SHOW = 'show'
SHOW_SCHEMA = attributes.Schema(
    _('Detailed information about the resource, as its service shows '
      'it.'), type=attributes.Schema.MAP)


def prop(data_type, description, **kwargs):
    """A property :class:`Schema` (shorter to read in long schemas)."""
    return Schema(data_type, description, **kwargs)


def attr(description, data_type=None, hidden=False):
    """An attribute schema."""
    return attributes.Schema(description, type=data_type, hidden=hidden)


def hidden(new, data_type=Schema.STRING, description=None, **kwargs):
    """Heat's hidden name of the property ``new``: accepted, not
    listed (at the top level), its value moved to ``new`` (Heat's
    REPLACE rule) and checked there.
    """
    return Schema(data_type, description or _('Hidden: use %s.') % new,
                  translation=translation.Replace(new), **kwargs)


def name_or_id(kind):
    """A constraint: the value names an existing ``kind`` (by name or
    id), checked against the service at validation.
    """
    return [constraints.CustomConstraint(kind)]


def plural(key):
    """The key of a list of ``key`` objects (``policy``: ``policies``,
    ``qos_specs``: itself), as the services name them.
    """
    if key.endswith('s'):
        return key
    return key[:-1] + 'ies' if key.endswith('y') else key + 's'


def without_none(values):
    """``values`` (a dict) without its unset entries."""
    return {k: v for k, v in values.items() if v is not None}


def find_id(client, path, key, value):
    """The id of the ``key`` object at ``path`` of ``client``'s service
    named or identified by ``value``.

    :raises: exception.ServiceObjectNotFound, or ServiceConflict if
        several have that name.
    """
    try:
        shown = client.api('GET', '%s/%s' % (path, value))
        return shown.get(key, shown)['id']
    except exception.ServiceObjectNotFound:
        pass
    found = client.api('GET', path, key=plural(key), params={'name': value})
    found = [item for item in found if item.get('name') == value]
    if len(found) == 1:
        return found[0]['id']
    if not found:
        raise exception.ServiceObjectNotFound(
            service=client.service, status=404,
            reason=_('no %(kind)s named %(name)s') % {
                'kind': key, 'name': value})
    raise exception.ServiceConflict(
        service=client.service, status=409,
        reason=_('%(count)d %(kind)ss are named %(name)s: use the id') % {
            'count': len(found), 'kind': key, 'name': value})


class OpenStackResource(live_state.LiveState, base.Resource):
    """An object of an OpenStack service, by its REST API."""

    #: the client name (``'neutron'``).
    service = None
    #: the collection path and the body key of one object.
    path = None
    key = None
    #: the API microversion the requests ask for, if any.
    microversion = None
    #: the property whose value names the object (None if none).
    name_property = 'name'
    #: statuses that end a create well, and badly.
    ready_statuses = ('ACTIVE',)
    failed_statuses = ('ERROR',)
    #: attribute name -> key of the shown object, where they differ.
    attribute_keys = {}
    #: how the API changes an object (Keystone: PATCH).
    update_method = 'PUT'
    # A service's object (a server booting, a volume being made) is
    # polled from a quarter of a second on, up to once a second, as Heat
    # polls at most (heat/engine/scheduler.py ``TaskRunner.step``:
    # ``max(poll_period, 1)``). The engine's millisecond start made four
    # polls in the first quarter second, each of a server a GET to Nova
    # that asks Neutron for its ports and its security groups.
    poll_delays = (0.25, 0.5, 1.0)

    # The service ---------------------------------------------------------

    def client(self, service=None):
        return self.stack.client(service or self.service)

    def api(self, method, path, body=None, key=None, params=None,
            service=None, **kwargs):
        """One call of the service's API (``ServiceClient.api``)."""
        microversion = kwargs.pop('microversion', self.microversion)
        return self.client(service).api(method, path, body=body, key=key,
                                        microversion=microversion,
                                        params=params, **kwargs)

    def object_path(self, object_id=None):
        return '%s/%s' % (self.path, object_id or self.resource_id)

    def show_object(self):
        """:returns: the object as the service shows it.

        :raises: exception.ServiceObjectNotFound
        """
        return self.api('GET', self.object_path(), key=self.key)

    def object_name(self, properties):
        """The name given to the service: the property, or the
        resource's physical name.
        """
        given = (properties.get(self.name_property)
                 if self.name_property else None)
        return given or self.physical_resource_name()

    def find_id(self, service, path, key, value):
        """The id of the ``key`` object at ``path`` named or identified
        by ``value``.

        :raises: exception.ServiceObjectNotFound, or ServiceConflict
            if several have that name.
        """
        return find_id(self.client(service), path, key, value)

    # Create ------------------------------------------------------------

    def create_body(self, properties):
        """:returns: the object's create body (without the outer key)."""
        raise NotImplementedError()

    def adoptable(self):
        """The object a dead engine's create made for this resource, if
        any: one named with this resource's physical name (a name the
        template chose may belong to something else: never adopted).
        """
        if not self.name_property or self.properties.get(
                self.name_property):
            return None
        name = self.physical_resource_name()
        found = self.api('GET', self.path, key=plural(self.key),
                         params={'name': name})
        found = [item for item in found if item.get('name') == name]
        return found[0] if found else None

    def handle_create(self):
        existing = self.adoptable()
        if existing is not None:
            self.resource_id = existing['id']
            return None
        body = self.create_body(self.properties)
        if self.name_property:
            body['name'] = self.object_name(self.properties)
        made = self.post_create(body)
        self.resource_id = made['id']
        return None

    def post_create(self, body):
        """POST the create ``body`` (without the outer key).

        A POST whose connection broke or whose answer timed out may have
        made the object (a busy service answering after the client's
        ``[clients] timeout``): it is sent again only when no object of
        this resource's physical name is found (``adoptable``), not
        blindly by keystoneauth, which made a second port (member ...)
        the stack knew nothing of, and which then kept its subnet and
        network from being deleted.

        :returns: the object the service made.
        """
        return self.post_adopting({self.key: body})

    def post_adopting(self, request, path=None, key=None, service=None,
                      find=None):
        """POST ``request`` (with its outer key) as ``post_create`` says:
        after a lost answer, ``find()`` first.

        :param path, key, service: the plugin's own object by default;
            another (a server's port) with ``find``.
        :param find: the object that POST made, or None; ``adoptable``
            by default.
        :returns: the object the service made.
        """
        find = find or self.adoptable
        for attempt in range(os_clients.CONNECT_RETRIES + 1):
            try:
                return self.api('POST', path or self.path, body=request,
                                key=key or self.key, service=service,
                                connect_retries=0)
            except exception.ServiceUnavailable as error:
                # No HTTP status: no answer came (a 5xx is the service's).
                if (error.format_kwargs.get('status') is not None or
                        attempt == os_clients.CONNECT_RETRIES):
                    raise
                made = find()
                LOG.warning('%(service)s gave no answer to the create of '
                            '%(name)s (%(error)s): %(what)s',
                            {'service': self.client(service).service,
                             'name': self.name, 'error': error,
                             'what': 'it made %s' % made['id'] if made
                             else 'none made yet, sent again'})
                if made is not None:
                    return made

    def check_create_complete(self, token):
        if not self.ready_statuses:
            return True     # made by the POST: nothing to wait for
        return self.status_reached(self.show_object(), self.ready_statuses)

    def status_reached(self, shown, wanted):
        """Whether ``shown`` (the object) is in one of ``wanted``.

        :raises: exception.ServiceObjectFailed in a failed status.
        """
        status = str(shown.get('status') or '').upper()
        if status in self.failed_statuses:
            fault = shown.get('fault') or {}
            reason = fault.get('message') if isinstance(fault, dict) \
                else None
            raise exception.ServiceObjectFailed(
                service=self.client().service, kind=self.key,
                id=self.resource_id, status=status,
                reason=(': %s' % reason) if reason else '')
        return not wanted or status in wanted

    # Update ------------------------------------------------------------

    # NOTE(heat-vision): during an update ``self.properties`` already holds
    # the new properties; what a handler must compare with (the old
    # extra specs, members, groups ...) is kept in ``self.data``.

    def update_body(self, new_properties, changed):
        """:returns: the fields to PUT for ``changed``, or None."""
        return self.create_body(
            {k: v for k, v in new_properties.items() if k in changed})

    def handle_update(self, new_properties, changed):
        if not changed or not self.resource_id:
            return None
        body = self.update_body(new_properties, changed)
        if self.name_property and self.name_property in changed:
            body['name'] = self.object_name(new_properties)
        if body:
            self.api(self.update_method, self.object_path(),
                     body={self.key: body})
        return None

    # Delete ------------------------------------------------------------

    def handle_delete(self):
        if not self.resource_id:
            return None
        os_clients.ignoring_missing(self.api, 'DELETE',
                                    self.object_path())
        return None

    def check_delete_complete(self, token):
        if not self.resource_id:
            return True
        try:
            shown = self.show_object()
        except exception.ServiceObjectNotFound:
            return True
        status = str(shown.get('status') or '').upper()
        if status in ('ERROR_DELETING', 'ERROR'):
            # A failed delete: ask again (the service may refuse again,
            # and that refusal fails the resource).
            self.api('DELETE', self.object_path())
        return False

    # Check, attributes ---------------------------------------------------

    def handle_check(self):
        if not self.resource_id:
            raise exception.Invalid(
                reason=_('%s was never created.') % self.name)
        shown = self.show_object()
        self.status_reached(shown, ())
        self.check_drift(shown)

    def check_exists(self):
        self.show_object()

    def get_reference_id(self):
        return self.resource_id or self.name

    def shown_for_attributes(self):
        """The object as shown, read once per plugin for its attributes.

        (The outputs of one stack show may ask for several.)
        """
        if '_shown' not in self.__dict__:
            self._shown = self.show_object()
        return self._shown

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        try:
            shown = self.shown_for_attributes()
        except exception.ServiceObjectNotFound:
            return None
        value = shown if name == SHOW else shown.get(
            self.attribute_keys.get(name, name))
        for key in path:
            if value is None:
                return None
            value = value[key]
        return value
