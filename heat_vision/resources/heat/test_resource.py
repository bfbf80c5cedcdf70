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

"""OS::Heat::TestResource: a resource with knobs for testing stacks."""

import time

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema


class TestResource(base.Resource):
    """Stores a string; can wait, fail or ask to be replaced on demand.

    Waits never block a worker: the handler records when the action
    started (in ``self.data``) and its ``check_*_complete`` answers False
    until the wait is over. An engine taking over a create rebuilds the
    wait from that record, so the wait still ends on time. ``fail``
    fails create and update once the wait is over, as Heat's does;
    delete never fails.
    """

    ACTION_TIMES = (CREATE_WAIT, UPDATE_WAIT, DELETE_WAIT) = (
        'create', 'update', 'delete')
    PROPERTIES = (
        VALUE, UPDATE_REPLACE, UPDATE_REPLACE_VALUE, FAIL, CLIENT_NAME,
        ENTITY_NAME, WAIT_SECS, ACTION_WAIT_SECS, ATTR_WAIT_SECS,
        CONSTRAINT_PROP_SECS,
    ) = (
        'value', 'update_replace', 'update_replace_value', 'fail',
        'client_name', 'entity_name', 'wait_secs', 'action_wait_secs',
        'attr_wait_secs', 'constraint_prop_secs',
    )
    ATTRIBUTES = (OUTPUT,) = ('output',)

    runs_in_walk = True

    properties_schema = {
        VALUE: Schema(Schema.STRING, _('The input string to be stored.'),
                      default='test_string', update_allowed=True),
        UPDATE_REPLACE: Schema(
            Schema.BOOLEAN,
            _('Set to true in an update to have the resource replaced.'),
            default=False, update_allowed=True),
        UPDATE_REPLACE_VALUE: Schema(
            Schema.STRING,
            _('A value whose change replaces the resource (it cannot be '
              'updated in place).')),
        FAIL: Schema(
            Schema.BOOLEAN,
            _('Make create and update fail, to test failure scenarios.'),
            default=False, update_allowed=True),
        CLIENT_NAME: Schema(
            Schema.STRING,
            _('Client to poll (accepted for compatibility, unused).'),
            default='', update_allowed=True),
        ENTITY_NAME: Schema(
            Schema.STRING,
            _('Client entity to poll (accepted for compatibility, '
              'unused).'),
            default='', update_allowed=True),
        WAIT_SECS: Schema(
            Schema.NUMBER,
            _('Seconds to wait after an action (-1 is infinite).'),
            default=0, update_allowed=True),
        ACTION_WAIT_SECS: Schema(
            Schema.MAP, _('Seconds to wait after each action.'),
            update_allowed=True,
            schema={
                CREATE_WAIT: Schema(
                    Schema.NUMBER,
                    _('Seconds to wait after a create; defaults to '
                      'wait_secs.'), update_allowed=True),
                UPDATE_WAIT: Schema(
                    Schema.NUMBER,
                    _('Seconds to wait after an update; defaults to '
                      'wait_secs.'), update_allowed=True),
                DELETE_WAIT: Schema(
                    Schema.NUMBER,
                    _('Seconds to wait after a delete; defaults to '
                      'wait_secs.'), update_allowed=True),
            }),
        ATTR_WAIT_SECS: Schema(
            Schema.NUMBER,
            _('Seconds after the create before the output attribute has '
              'a value (None until then).'),
            default=0, update_allowed=True),
        CONSTRAINT_PROP_SECS: Schema(
            Schema.NUMBER,
            _('Accepted for compatibility with Heat (there it delays a '
              'custom constraint); validation never waits here.'),
            default=0, update_allowed=True),
    }
    attributes_schema = {
        OUTPUT: attributes.Schema(
            _('The string that was stored. This value is also available '
              'by referencing the resource.'), type=attributes.Schema.STRING),
    }

    @property
    def creates_external(self):
        """Only a create that waits writes through after handle_create.

        Nothing is made outside heat-vision; what a take-over needs is
        when a wait started, so that it ends on time. A create with no
        wait is complete at its first check, and made again identically
        (same physical name) by an engine that takes it over.
        """
        return _token(self.properties, self.CREATE_WAIT, 0)['secs'] != 0

    def handle_create(self):
        """Store ``value`` (unless failing) and start the create wait.

        :returns: the wait token.
        """
        if not self.properties[self.FAIL]:
            self.data['value'] = self.properties[self.VALUE]
            self.resource_id = self.physical_resource_name()
        return _start(self, self.properties, self.CREATE_WAIT)

    def check_create_complete(self, token):
        """:returns: True once the wait is over; raises if ``fail``."""
        return _waited(self, token, fail=self.properties[self.FAIL])

    def resume_token(self, action):
        """The wait token of ``action`` from its recorded start."""
        started = self.data.get('%s_started_at' % action.lower())
        if started is None:
            return _start(self, self.properties, action.lower())
        return _token(self.properties, action.lower(), started)

    def handle_update(self, new_properties, changed):
        """Store the new value in place, or ask to be replaced.

        :raises: UpdateReplace when ``update_replace`` is set to true.
        """
        if changed.get(self.UPDATE_REPLACE):
            raise exception.UpdateReplace(name=self.name)
        fail = new_properties[self.FAIL]
        if self.VALUE in changed and not fail:
            self.data['value'] = new_properties[self.VALUE]
        self.properties = new_properties
        return _start(self, new_properties, self.UPDATE_WAIT, fail=fail)

    def check_update_complete(self, token):
        """:returns: True once the wait is over; raises if ``fail``."""
        return _waited(self, token, fail=token['fail'])

    def handle_delete(self):
        """Start the delete wait. :returns: the wait token."""
        return _start(self, self.properties, self.DELETE_WAIT)

    def check_delete_complete(self, token):
        """:returns: True once the wait is over (delete never fails)."""
        return _waited(self, token, fail=False)

    def get_attribute(self, name, *path):
        """``output``: the value, once ``attr_wait_secs`` have passed."""
        wait = self.properties.get(self.ATTR_WAIT_SECS) or 0
        created = self.data.get('create_started_at')
        if wait and created is not None and time.time() - created < wait:
            return None
        return self.data.get('value') if name == self.OUTPUT else None


def _start(resource, props, action, fail=False):
    """Record when ``action`` started. :returns: its wait token."""
    started = time.time()
    resource.data['%s_started_at' % action] = started
    return _token(props, action, started, fail)


def _token(props, action, started, fail=False):
    """The wait of ``action``: when it started and how long it lasts."""
    secs = (props.get(TestResource.ACTION_WAIT_SECS) or {}).get(action)
    if secs is None:
        secs = props.get(TestResource.WAIT_SECS) or 0
    return {'started': started, 'secs': secs, 'fail': fail}


def _waited(resource, token, fail):
    secs = token['secs']
    # A negative wait never ends, as in Heat.
    if secs < 0 or time.time() - token['started'] < secs:
        return False
    if fail:
        raise ValueError('Test Resource failed %s' % resource.name)
    return True
