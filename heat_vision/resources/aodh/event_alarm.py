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

"""OS::Aodh::EventAlarm: an Aodh alarm fired by a matching event."""

from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import schema
from heat_vision.template import constraints


class EventAlarm(base.BaseAlarm):
    """Fires when an event of ``event_type`` that passes ``query`` comes.

    Events are what OpenStack services emit when their resources change
    (``compute.instance.update`` ...), as Ceilometer hands them to Aodh's
    listener. An event alarm goes to ``alarm`` and never back to ``ok``
    by itself; with ``repeat_actions`` every matching event calls the
    alarm actions again.
    """

    alarm_type = 'event'

    PROPERTIES = (EVENT_TYPE, QUERY) = ('event_type', 'query')

    properties_schema = {
        EVENT_TYPE: constraints.Schema(
            constraints.Schema.STRING,
            _('Event type to evaluate against. If not specified will '
              'match all events.'),
            default='*', update_allowed=True,
            constraints=[constraints.Length(max=schema.MAX_TEXT)]),
        QUERY: schema.query_schema(_('Name of attribute to compare '
                                     '(traits.<name> for a trait).')),
    }
    properties_schema.update(schema.common_properties_schema)

    def rule(self, properties):
        rule = {}
        if properties[self.QUERY]:
            rule[self.QUERY] = base.without_none(properties[self.QUERY])
        if properties[self.EVENT_TYPE]:
            rule[self.EVENT_TYPE] = properties[self.EVENT_TYPE]
        return rule
