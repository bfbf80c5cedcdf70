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

"""OS::Zaqar::Subscription: a queue's notifications to a subscriber.

As Heat's (heat/engine/resources/openstack/zaqar/subscription.py): the
subscriber is a URI of type ``http``, ``https``, ``mailto``,
``trust+http`` or ``trust+https``; ``subscriber``, ``ttl`` and
``options`` change in place (Zaqar's ``PATCH``), a new ``queue_name``
replaces it; the physical id is Zaqar's subscription id.

OS::Zaqar::MistralTrigger (a subscription that starts a Mistral
workflow) is not provided: there is no Mistral beside heat-vision's
test cloud to run it against.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import zaqar_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

SUBSCRIBER_TYPES = ('http', 'https', 'mailto', 'trust+http', 'trust+https')
#: Heat's default ttl: seconds until the year 9000 (never expires).
FOREVER = 220367260800


class Subscription(zaqar_base.ZaqarResource):
    """A subscription to a Zaqar queue (a webhook or an e-mail)."""

    name_property = None
    key = 'subscription'
    live_keys = {'subscriber': 'subscriber', 'ttl': 'ttl',
                 'options': 'options'}
    update_method = 'PATCH'

    properties_schema = {
        'queue_name': prop(Schema.STRING, _('Name of the queue to '
                                            'subscribe to.'),
                           required=True,
                           constraints=[constraints.CustomConstraint(
                               'zaqar.queue')]),
        'subscriber': prop(Schema.STRING, _('URI of the subscriber which '
                                            'will be notified. Must be in '
                                            'the format: <TYPE>:<VALUE>.'),
                           required=True, update_allowed=True,
                           constraints=[constraints.Length(max=4096)]),
        'ttl': prop(Schema.INTEGER, _('Time to live of the subscription '
                                      'in seconds.'),
                    update_allowed=True, default=FOREVER,
                    constraints=[constraints.Range(min=60,
                                                   max=FOREVER)]),
        'options': prop(Schema.MAP, _('Options used to configure this '
                                      'subscription.'),
                        update_allowed=True,
                        constraints=[constraints.Length(max=256)]),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            subscriber = properties['subscriber']
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if not isinstance(subscriber, str) or \
                subscriber.split(':', 1)[0] not in SUBSCRIBER_TYPES:
            raise exception.StackValidationFailed(
                _('The subscriber type must be one of: %s.')
                % ', '.join(SUBSCRIBER_TYPES), path=path + ['subscriber'])

    def body(self, properties):
        return {'subscriber': properties['subscriber'],
                'ttl': properties['ttl'],
                'options': properties.get('options') or {}}

    def object_path(self, object_id=None):
        return '%s/subscriptions/%s' % (
            self.queue_path(self.properties['queue_name']),
            object_id or self.resource_id)

    def handle_create(self):
        made = self.api('POST', '%s/subscriptions' % self.queue_path(
            self.properties['queue_name']), body=self.body(self.properties))
        self.resource_id = made['subscription_id']
        return None

    def handle_update(self, new_properties, changed):
        if changed and self.resource_id:
            self.api('PATCH', self.object_path(),
                     body=self.body(new_properties))
        return None

    def show_object(self):
        return self.api('GET', self.object_path())

    def check_delete_complete(self, token):
        return True     # Zaqar deletes a subscription at once
