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

"""Wait conditions: pause a stack until its handle has been signalled.

The check reads the handle's signals afresh from the database each time,
so signals received by any engine (or thread) count at once.
"""

import json
import time

from oslo_config import cfg

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.heat import wait_condition_handle as wch
from heat_vision.template import attributes
from heat_vision.template import constraints

CONF = cfg.CONF
Schema = constraints.Schema
MAX_TIMEOUT = 43200


class WaitConditionFailure(Exception):
    """A FAILURE signal arrived; the message joins their reasons."""


class WaitConditionTimeout(Exception):
    """Too few SUCCESS signals arrived in time."""


class WaitCondition(base.Resource):
    """``OS::Heat::WaitCondition``: waits for ``count`` SUCCESS signals.

    A FAILURE signal fails it at once; so does ``timeout``, counted from
    the start of the action (kept in ``self.data``, so an engine taking
    over a create keeps the same deadline).
    """

    PROPERTIES = (HANDLE, TIMEOUT, COUNT) = ('handle', 'timeout', 'count')
    ATTRIBUTES = (DATA,) = ('data',)

    properties_schema = {
        HANDLE: Schema(Schema.STRING,
                       _('A reference to the wait condition handle used '
                         'to signal this wait condition.'), required=True),
        TIMEOUT: Schema(Schema.NUMBER,
                        _('The number of seconds to wait for the correct '
                          'number of signals to arrive.'), required=True,
                        constraints=[constraints.Range(1, MAX_TIMEOUT)]),
        COUNT: Schema(Schema.INTEGER,
                      _('The number of success signals that must be '
                        'received before the stack creation process '
                        'continues.'), default=1,
                      constraints=[constraints.Range(min=1)],
                      update_allowed=True),
    }
    attributes_schema = {
        DATA: attributes.Schema(
            _('JSON string containing data associated with wait condition '
              'signals sent to the handle.'), type=attributes.Schema.STRING),
    }

    def handle_create(self):
        """Find the handle and start waiting.

        :raises: ValueError if ``handle`` names no handle of this stack,
            or ``count`` is more than a handle keeps.
        """
        _check_count(self.properties[self.COUNT])
        self.data['handle'] = _handle_name(self.stack,
                                           self.properties[self.HANDLE])
        self.resource_id = self.physical_resource_name()
        return _start(self, 'create')

    def check_create_complete(self, token):
        """:returns: True once ``count`` SUCCESS signals have arrived.

        :raises: WaitConditionFailure, WaitConditionTimeout
        """
        return _check(self, self.properties, token)

    def resume_token(self, action):
        """The wait of ``action``, from when it started."""
        started = self.data.get('%s_started_at' % action.lower())
        if started is None:
            return _start(self, action.lower())
        return {'started': started}

    def handle_update(self, new_properties, changed):
        """Wait again, for the new ``count``.

        :raises: ValueError if ``count`` is more than a handle keeps.
        """
        _check_count(new_properties[self.COUNT])
        self.properties = new_properties
        return _start(self, 'update')

    def check_update_complete(self, token):
        """:returns: True once ``count`` SUCCESS signals have arrived."""
        return _check(self, self.properties, token)

    def get_attribute(self, name, *path):
        """``data``: ``{signal id: data}`` of the SUCCESS signals, as JSON.
        """
        if name != self.DATA or 'handle' not in self.data:
            return None
        return json.dumps({key: data for key, status, _r, data
                           in _signals(self) if status == wch.SUCCESS})


class CfnWaitCondition(WaitCondition):
    """``AWS::CloudFormation::WaitCondition``: the same, CFN-named."""

    PROPERTIES = (HANDLE, TIMEOUT, COUNT) = ('Handle', 'Timeout', 'Count')
    ATTRIBUTES = (DATA,) = ('Data',)

    # The same schemas as the HOT resource's, under CFN's names.
    properties_schema = {
        cfn: WaitCondition.properties_schema[hot]
        for cfn, hot in zip(PROPERTIES, WaitCondition.PROPERTIES)}
    attributes_schema = {
        cfn: WaitCondition.attributes_schema[hot]
        for cfn, hot in zip(ATTRIBUTES, WaitCondition.ATTRIBUTES)}


def _start(resource, action):
    """Record when the wait of ``action`` started. :returns: its token."""
    started = time.time()
    resource.data['%s_started_at' % action] = started
    return {'started': started}


def _check_count(count):
    """A count no handle can reach would only wait for the timeout."""
    if count > CONF.max_signals_per_handle:
        raise ValueError(_('count %(count)d is more than the %(limit)d '
                           'signals a handle keeps '
                           '(max_signals_per_handle)') %
                         {'count': count,
                          'limit': CONF.max_signals_per_handle})


def _handle_name(stack, reference):
    """The name of the handle whose reference id is ``reference``."""
    for name in stack.resource_names():
        plugin = stack.plugin(name)
        if (isinstance(plugin, wch.HANDLE_TYPES) and
                plugin.get_reference_id() == reference):
            return name
    raise ValueError(_('WaitCondition invalid Handle %s') % reference)


def _signals(resource):
    return wch.signals(resource.stack.stored_metadata(
        resource.data['handle']))


def _check(resource, props, token):
    received = _signals(resource)
    failures = [reason for _k, status, reason, _d in received
                if status == wch.FAILURE]
    if failures:
        raise WaitConditionFailure(';'.join(str(r) for r in failures))
    successes = [reason for _k, status, reason, _d in received
                 if status == wch.SUCCESS]
    if len(successes) >= props[resource.COUNT]:
        return True
    if time.time() - token['started'] > props[resource.TIMEOUT]:
        message = _('%(got)d of %(count)d received') % {
            'got': len(successes), 'count': props[resource.COUNT]}
        if successes:
            message += ' - %s' % ';'.join(str(r) for r in successes)
        raise WaitConditionTimeout(message)
    return False
