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

"""What an OpenStack resource is now, beside what its template says.

The foundation of drift detection, in the spirit of Heat's
``get_live_state``/``parse_live_resource_data``
(``heat/engine/resource.py`` and, for a server,
``heat/engine/resources/openstack/nova/server.py``): a type names the
properties it can read back from its service's object (``live_keys``:
property -> the object's key), ``live_state()`` reads them, and
``drifted()`` says which of those the template sets differ from the
live object. ``stack check`` fails a resource that drifted, naming the
properties (``handle_check``).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _


class LiveState:
    """Live properties of an OpenStack resource (a mixin of
    ``OpenStackResource``).
    """

    #: property -> key of the shown object that holds its live value.
    live_keys = {}

    def live_value(self, prop, shown):
        """The live value of ``prop`` in ``shown`` (the object)."""
        return shown.get(self.live_keys[prop])

    def live_state(self, shown=None):
        """:returns: ``{property: live value}`` of what the type reads
        back, its name included (when it has one).
        """
        if shown is None:
            shown = self.show_object()
        live = {prop: self.live_value(prop, shown)
                for prop in self.live_keys}
        if self.name_property and self.name_property not in live:
            live[self.name_property] = shown.get('name')
        return live

    def wanted_value(self, prop):
        """What the template asks ``prop`` to be (None: left unset)."""
        if prop == self.name_property:
            return self.object_name(self.properties)
        return self.properties.get(prop)

    def live_differs(self, prop, wanted, live):
        """Whether ``live`` is not what ``wanted`` (the template's
        value) asks for; a type compares names with ids here.
        """
        return wanted != live

    def drifted(self, shown=None):
        """:returns: ``{property: (template value, live value)}`` of the
        properties the template sets that differ from the live object.
        """
        if self.external:
            # Adopted with ``external_id``: the template's properties
            # say nothing of it (Heat does not use them).
            return {}
        out = {}
        for prop, live in self.live_state(shown).items():
            wanted = self.wanted_value(prop)
            if wanted is not None and self.live_differs(prop, wanted, live):
                out[prop] = (wanted, live)
        return out

    def check_drift(self, shown=None):
        """:raises: exception.ResourceDrifted naming what differs."""
        drifted = self.drifted(shown)
        if drifted:
            raise exception.ResourceDrifted(
                resource=self.name, details='; '.join(
                    _('%(prop)s is %(live)s, the template says '
                      '%(wanted)s') % {'prop': prop, 'live': live,
                                       'wanted': wanted}
                    for prop, (wanted, live) in sorted(drifted.items())))
