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

"""HeatVision::Test::Identity: asks Keystone who the stack acts as.

It exists to test the credential deferred work runs with: at create,
and at each signal (sent to its signed ``signal_url``, hours later if
need be), it asks Keystone through the stack's clients layer
(``self.stack.client('identity')``) whom that session's token belongs
to, and keeps the answers in ``seen`` (user, project, and whether the
token is one of a trust; never a token or a trust id).
"""

from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.resources import base
from heat_vision.template import attributes

MAX_SEEN = 20


class Identity(base.Resource):

    PROPERTIES = ()
    properties_schema = {}

    ATTRIBUTES = (SIGNAL_URL, SEEN) = ('signal_url', 'seen')
    attributes_schema = {
        SIGNAL_URL: attributes.Schema(
            _('The signed URL that signals the resource.'),
            type=attributes.Schema.STRING),
        SEEN: attributes.Schema(
            _('Whom the stack\'s Keystone session acted as, at create '
              'then at each signal.'), type=attributes.Schema.LIST),
    }

    def _ask(self, when):
        answer = dict(self.stack.client('identity').whoami(), when=when)
        self.data[self.SEEN] = (self.data.get(self.SEEN) or [])[
            -(MAX_SEEN - 1):] + [answer]
        return answer

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        secret = signing.new_secret()
        self.data[signing.SECRET_KEY] = secret
        self.data[self.SIGNAL_URL] = signing.signal_url(
            self.stack.id, self.name, secret)
        self._ask('create')

    def handle_signal(self, details=None):
        answer = self._ask('signal')
        return 'asked Keystone: trust_scoped=%s' % answer['trust_scoped']
