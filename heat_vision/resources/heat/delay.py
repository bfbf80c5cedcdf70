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

"""OS::Heat::Delay: waits a while during chosen actions."""

import random
import time

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import constraints

Schema = constraints.Schema

ACTIONS = (CREATE, UPDATE, DELETE, SUSPEND, RESUME) = (
    'CREATE', 'UPDATE', 'DELETE', 'SUSPEND', 'RESUME')


class Delay(base.Resource):
    """Delays the actions named in ``actions`` without blocking others.

    The wait is ``min_wait`` plus a random jitter of up to
    ``max_jitter * jitter_multiplier`` seconds; the handler records the
    moment the wait ends in ``self.data`` and the check answers False
    until then. An engine taking over a create waits for that same
    moment.
    """

    PROPERTIES = (MIN_WAIT, MAX_JITTER, JITTER_MULTIPLIER, ACTIONS_) = (
        'min_wait', 'max_jitter', 'jitter_multiplier', 'actions')
    # Its handlers note a deadline and its checks read the clock.
    runs_in_walk = True

    properties_schema = {
        MIN_WAIT: Schema(
            Schema.NUMBER, _('Least time to wait, in seconds.'), default=0,
            constraints=[constraints.Range(min=0)], update_allowed=True),
        MAX_JITTER: Schema(
            Schema.NUMBER,
            _('Most random time to add to min_wait, in units of '
              'jitter_multiplier seconds.'), default=0,
            constraints=[constraints.Range(min=0)], update_allowed=True),
        JITTER_MULTIPLIER: Schema(
            Schema.NUMBER,
            _('Seconds in one unit of max_jitter.'), default=1.0,
            constraints=[constraints.Range(min=0)], update_allowed=True),
        ACTIONS_: Schema(
            Schema.LIST, _('The actions during which to wait.'),
            default=[CREATE],
            constraints=[constraints.AllowedValues(ACTIONS)],
            update_allowed=True),
    }

    def handle_create(self):
        """Start waiting if CREATE is among the actions."""
        self.resource_id = self.physical_resource_name()
        return _start(self, self.properties, CREATE)

    def check_create_complete(self, token):
        """:returns: True once the wait is over."""
        return _over(token)

    def resume_token(self, action):
        """The moment the wait of ``action`` ends, as recorded."""
        if action not in (self.properties.get(self.ACTIONS_) or ()):
            return None
        ends = self.data.get('%s_wait_ends' % action.lower())
        if ends is None:
            return _start(self, self.properties, action)
        return ends

    def handle_update(self, new_properties, changed):
        """Start waiting (with the new properties) if UPDATE is chosen."""
        self.properties = new_properties
        return _start(self, new_properties, UPDATE)

    def check_update_complete(self, token):
        """:returns: True once the wait is over."""
        return _over(token)

    def handle_delete(self):
        """Start waiting if DELETE is among the actions."""
        return _start(self, self.properties, DELETE)

    def check_delete_complete(self, token):
        """:returns: True once the wait is over."""
        return _over(token)

    def handle_suspend(self):
        """Start waiting if SUSPEND is among the actions."""
        return _start(self, self.properties, SUSPEND)

    def check_suspend_complete(self, token):
        """:returns: True once the wait is over."""
        return _over(token)

    def handle_resume(self):
        """Start waiting if RESUME is among the actions."""
        return _start(self, self.properties, RESUME)

    def check_resume_complete(self, token):
        """:returns: True once the wait is over."""
        return _over(token)


def wait_time(props):
    """:returns: seconds to wait: min_wait plus a random jitter."""
    jitter = props[Delay.MAX_JITTER] * props[Delay.JITTER_MULTIPLIER]
    # Not a secret: ordinary randomness is enough to spread load.
    return props[Delay.MIN_WAIT] + random.uniform(0, jitter)  # nosec


def _start(resource, props, action):
    if action not in (props.get(Delay.ACTIONS_) or ()):
        return None
    ends = time.time() + wait_time(props)
    resource.data['%s_wait_ends' % action.lower()] = ends
    return ends


def _over(ends):
    return ends is None or time.time() >= ends
