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

"""What every OS::Aodh::* alarm does: make, change and drop it in Aodh.

A subclass names its Aodh ``alarm_type`` and builds that type's rule
from its own properties (``rule``); the rest (actions, queues, time
constraints, enabled ...) is common. The physical id is Aodh's
``alarm_id``; the alarm's name is the resource's physical name, so a
create that an engine restarts finds the alarm it already made.
"""

import urllib.parse

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aodh import schema
from heat_vision.resources import base
from heat_vision.template import attributes

SERVICE = 'aodh'


def without_none(items):
    """The dicts of ``items`` without their unset (None) entries."""
    return [{k: v for k, v in item.items() if v is not None}
            for item in items or []]


class BaseAlarm(base.Resource):
    """An alarm in Aodh, with Heat's common alarm properties."""

    alarm_type = None
    SHOW = 'show'

    attributes_schema = {
        SHOW: attributes.Schema(
            _('Detailed information about the alarm, as Aodh shows it.'),
            type=attributes.Schema.MAP),
    }

    def _aodh(self):
        return self.stack.client(SERVICE)

    def rule(self, properties):
        """:returns: the ``<alarm_type>_rule`` dict of ``properties``."""
        raise NotImplementedError()

    def alarm_body(self, properties):
        """:returns: the alarm as Aodh's API takes it (no name)."""
        body = {'type': self.alarm_type,
                '%s_rule' % self.alarm_type: self.rule(properties)}
        for actions, queues in schema.ACTIONS_AND_QUEUES:
            body[actions] = list(properties[actions] or []) + [
                'trust+zaqar://?%s' % urllib.parse.urlencode(
                    {'queue_name': queue})
                for queue in properties[queues] or []]
        for name in (schema.REPEAT_ACTIONS, schema.ENABLED,
                     schema.SEVERITY, schema.DESCRIPTION):
            if properties[name] is not None:
                body[name] = properties[name]
        body[schema.TIME_CONSTRAINTS] = without_none(
            properties[schema.TIME_CONSTRAINTS])
        return body

    # Create, update, delete ------------------------------------------------

    def handle_create(self):
        """Create the alarm, or adopt the one a dead engine made."""
        name = self.physical_resource_name()
        for alarm in self._aodh().alarms_named(name)[:1]:
            self.resource_id = alarm['alarm_id']
            return
        body = self.alarm_body(self.properties)
        body['name'] = name
        self.resource_id = self._aodh().create_alarm(body)['alarm_id']

    def handle_update(self, new_properties, changed):
        if changed and self.resource_id:
            self._aodh().update_alarm(self.resource_id,
                                      self.alarm_body(new_properties))

    def handle_delete(self):
        if self.resource_id:
            self._aodh().delete_alarm(self.resource_id)

    # Suspend (disable), resume (enable), check ----------------------------

    def handle_suspend(self):
        if self.resource_id:
            self._aodh().update_alarm(self.resource_id, {'enabled': False})

    def handle_resume(self):
        if self.resource_id:
            self._aodh().update_alarm(
                self.resource_id,
                {'enabled': bool(self.properties[schema.ENABLED])})

    def handle_check(self):
        if not self.resource_id:
            raise exception.Invalid(
                reason=_('The alarm %s was never created.') % self.name)
        self._aodh().get_alarm(self.resource_id)

    def check_exists(self):
        self._aodh().get_alarm(self.resource_id)

    def get_attribute(self, name, *path):
        if name == self.SHOW:
            if not self.resource_id:
                return None
            try:
                value = self._aodh().get_alarm(self.resource_id)
            except exception.ServiceObjectNotFound:
                return None
            for key in path:
                value = value[key]
            return value
        return super().get_attribute(name, *path)
