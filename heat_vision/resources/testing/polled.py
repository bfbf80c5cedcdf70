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

"""HeatVision::Test::Polled: a resource that completes after N polls.

It stands for a real cloud resource (a server, a port) whose create,
update and delete complete asynchronously: ``check_create_complete``,
``check_update_complete`` and ``check_delete_complete`` answer False
``polls`` times, then True. The
benchmark matrix uses it to show that waiting resources cost neither a
thread nor superlinear time.
"""

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import constraints


class Polled(base.Resource):

    creates_external = False
    runs_in_walk = True

    PROPERTIES = (POLLS, VALUE) = ('polls', 'value')

    properties_schema = {
        POLLS: constraints.Schema(
            constraints.Schema.INTEGER,
            _('Checks that answer "not yet" before the create (the update, '
              'the delete) completes.'),
            default=3, update_allowed=True,
            constraints=[constraints.Range(min=0, max=1000)]),
        VALUE: constraints.Schema(
            constraints.Schema.STRING, _('Any value (to update).'),
            default='', update_allowed=True),
    }

    def _countdown(self):
        return {'left': self.properties[self.POLLS]}

    @staticmethod
    def _done(token):
        if token['left'] <= 0:
            return True
        token['left'] -= 1
        return False

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        return self._countdown()

    def check_create_complete(self, token):
        return self._done(token if token is not None else {'left': 0})

    def handle_update(self, new_properties, changed):
        return {'left': new_properties[self.POLLS]}

    def check_update_complete(self, token):
        return self._done(token if token is not None else {'left': 0})

    def handle_delete(self):
        return self._countdown()

    def check_delete_complete(self, token):
        return self._done(token if token is not None else {'left': 0})
