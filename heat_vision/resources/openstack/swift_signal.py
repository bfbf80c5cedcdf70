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

"""OS::Heat::SwiftSignalHandle and OS::Heat::SwiftSignal.

As Heat's (heat/engine/resources/openstack/heat/swiftsignal.py, with
``get_signal_url``/``get_temp_url`` of heat/engine/clients/os/swift.py):
the handle makes a container named after the stack's id, with Swift's
legacy object versioning into itself (``X-Versions-Location``), puts an
object named with its physical name holding ``in progress``, and its
reference (and ``endpoint``) is a PUT temporary URL of that object that
never expires; ``curl_cli`` is ``curl -i -X PUT '<url>'`` and
``token`` is empty. A guest signals by PUTting a JSON body
(``{"status": "SUCCESS", "reason": ..., "data": ..., "id": ...}``,
every key optional; an empty body counts as a success) to the URL: each
PUT keeps the previous body as a version.

The signal reads the handle's object and its versions with the
project's credentials (never the URL itself: it only checks that the
URL is a temporary URL path of this project and this stack's container)
until ``count`` successes have come, a failure comes (it fails) or
``timeout`` seconds have passed (it fails, naming what came). Its
``data`` attribute is ``{id: data}`` of every signal, as JSON.
"""

import json
import time
from urllib import parse

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import swift_base
from heat_vision.template import attributes
from heat_vision.template import constraints

CONF = cfg.CONF
Schema = base.Schema
prop = base.prop
attr = base.attr
STRING = attributes.Schema.STRING

#: The body the handle's object starts with (Heat's ``IN_PROGRESS``).
IN_PROGRESS = 'in progress'
SUCCESS, FAILURE = 'SUCCESS', 'FAILURE'
#: Objects a delete removes per check (each DELETE of a versioned
#: object brings back the version before it).
DELETES_PER_CHECK = 20


class SwiftSignalFailure(Exception):
    """A FAILURE signal came; the message joins the failures' reasons."""


class SwiftSignalTimeout(Exception):
    """Too few signals came in time."""


class SwiftSignalHandle(swift_base.SwiftResource):
    """A temporary URL of a Swift object that a guest PUTs signals to."""

    ATTRIBUTES = (TOKEN, ENDPOINT, CURL_CLI) = ('token', 'endpoint',
                                                'curl_cli')

    properties_schema = {}
    attributes_schema = {
        TOKEN: attr(_('Tokens are not needed for Swift TempURLs. This '
                      'attribute is being kept for compatibility with the '
                      'OS::Heat::WaitConditionHandle resource.'), STRING),
        ENDPOINT: attr(_('Endpoint/url which can be used for signalling '
                         'handle.'), STRING),
        CURL_CLI: attr(_('Convenience attribute, provides curl CLI '
                         'command prefix, which can be used for '
                         'signalling handle completion or failure. You '
                         'can signal success by adding --data-binary '
                         '\'{"status": "SUCCESS"}\' , or signal failure '
                         'by adding --data-binary \'{"status": '
                         '"FAILURE"}\'.'), STRING),
        base.SHOW: attr(_('Nothing: the handle is a URL.'),
                        attributes.Schema.MAP),
    }

    def handle_create(self):
        container, obj = self.stack.id, self.physical_resource_name()
        self.swift('PUT', swift_base.quoted(container),
                   headers={'X-Versions-Location': container})
        self.swift('PUT', swift_base.quoted(container, obj),
                   data=IN_PROGRESS.encode())
        self.data[self.ENDPOINT] = self.temp_url(container, obj)
        self.resource_id = obj
        return None

    def handle_delete(self):
        return None

    def check_delete_complete(self, token):
        """Delete the object and its versions (a few per call), then the
        container if nothing else is in it.
        """
        if not self.resource_id:
            return True
        for _i in range(DELETES_PER_CHECK):
            if not self.delete_quietly(self.stack.id, self.resource_id):
                break
        else:
            return False
        try:
            self.delete_quietly(self.stack.id)
        except exception.ServiceConflict:
            pass    # another handle's objects are still there
        self.data.pop(self.ENDPOINT, None)
        return True

    def get_reference_id(self):
        return self.data.get(self.ENDPOINT) or self.name

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        if name == self.TOKEN:
            return ''
        if name == self.ENDPOINT:
            return self.data.get(self.ENDPOINT)
        if name == self.CURL_CLI:
            return "curl -i -X PUT '%s'" % self.data.get(self.ENDPOINT)
        return None


class SwiftSignal(swift_base.SwiftResource):
    """Waits for signals PUT to a SwiftSignalHandle's URL."""

    PROPERTIES = (HANDLE, TIMEOUT, COUNT) = ('handle', 'timeout', 'count')
    ATTRIBUTES = (DATA,) = ('data',)

    creates_external = False
    properties_schema = {
        HANDLE: prop(Schema.STRING, _('URL of TempURL where resource will '
                                      'signal completion and optionally '
                                      'upload data.'), required=True,
                     constraints=[constraints.Length(max=4096)]),
        TIMEOUT: prop(Schema.NUMBER, _('The maximum number of seconds to '
                                       'wait for the resource to signal '
                                       'completion. Once the timeout is '
                                       'reached, creation of the signal '
                                       'resource will fail.'),
                      required=True,
                      constraints=[constraints.Range(1, 43200)]),
        COUNT: prop(Schema.INTEGER, _('The number of success signals that '
                                      'must be received before the stack '
                                      'creation process continues.'),
                    default=1, constraints=[constraints.Range(1, 1000)]),
    }
    attributes_schema = {
        DATA: attr(_('JSON data that was uploaded via the '
                     'SwiftSignalHandle.'), STRING),
        base.SHOW: attr(_('Nothing: the signals are in data.'),
                        attributes.Schema.MAP),
    }

    def handle_object(self):
        """The handle's object, from its URL.

        :raises: ValueError if the URL is not a temporary URL path of
            this project's account and this stack's container (Heat's
            ``_validate_handle_url``).
        """
        url = self.properties[self.HANDLE]
        parts = parse.urlsplit(url).path.split('/', 4)
        message = _('"%(url)s" is not a valid SwiftSignalHandle.  The '
                    '%(part)s is invalid')
        if not (len(parts) == 5 and not parts[0] and parts[1] == 'v1' and
                parts[2].endswith(self.context.project_id or '') and
                parts[3] and parts[4].strip('/')):
            raise ValueError(message % {'url': url,
                                        'part': 'Swift TempURL path'})
        if parts[3] != self.stack.id:
            raise ValueError(message % {'url': url,
                                        'part': 'container name'})
        return parse.unquote(parts[4])

    def handle_create(self):
        self.data['object'] = self.handle_object()
        self.data['started_at'] = time.time()
        self.resource_id = self.physical_resource_name()
        return None

    def resume_token(self, action):
        return None

    def check_create_complete(self, token):
        """:returns: True once ``count`` SUCCESS signals have come.

        :raises: SwiftSignalFailure, SwiftSignalTimeout
        """
        if 'started_at' not in self.data:
            self.handle_create()    # taken over before its data was kept
        received = self.signals()
        failures = [str(s['reason']) for s in received
                    if s['status'] == FAILURE]
        if failures:
            raise SwiftSignalFailure(';'.join(failures))
        unknown = [s['status'] for s in received
                   if s['status'] not in (SUCCESS, FAILURE)]
        if unknown:
            raise SwiftSignalFailure(_('Unknown status: %s') % unknown[0])
        if len(received) >= self.properties[self.COUNT]:
            return True
        if time.time() - self.data['started_at'] > \
                self.properties[self.TIMEOUT]:
            reasons = [str(s['reason']) for s in received]
            message = _('%(len)d of %(count)d received') % {
                'len': len(reasons), 'count': self.properties[self.COUNT]}
            if reasons:
                message += ' - %s' % ';'.join(reasons)
            raise SwiftSignalTimeout(message)
        return False

    def bodies(self):
        """The bodies PUT to the handle's object, oldest first: its
        versions (Swift's legacy versioning names them
        ``<length, 3 hex digits><name>/<time>``) then the object, without
        the initial ``in progress``.

        :raises: SwiftSignalFailure for more signals than
            ``max_signals_per_handle`` or one over ``max_signal_size``.
        """
        container, name = self.stack.id, self.data.get('object')
        limit = CONF.max_signals_per_handle
        try:
            listed = self.list_objects(
                container, limit=limit + 1,
                prefix='%03x%s/' % (len(name), name))
            listed += [obj for obj in self.list_objects(
                container, limit=1, prefix=name) if obj['name'] == name]
        except exception.ServiceObjectNotFound:
            return
        if len(listed) > limit + 1:     # the first body is IN_PROGRESS
            raise SwiftSignalFailure(_(
                'more than %d signals (max_signals_per_handle)') % limit)
        for obj in listed:
            if obj.get('bytes', 0) > CONF.max_signal_size:
                raise SwiftSignalFailure(_(
                    'a signal of %(size)d bytes is over the %(limit)d '
                    'allowed (max_signal_size)') % {
                        'size': obj['bytes'],
                        'limit': CONF.max_signal_size})
            try:
                body = self.swift('GET', swift_base.quoted(
                    container, obj['name'])).content.decode('utf-8',
                                                            'replace')
            except exception.ServiceObjectNotFound:
                continue
            if body != IN_PROGRESS:
                yield body

    def signals(self):
        """The signals as Heat's ``get_signals`` reads them: every key
        defaulted, a later signal replacing an earlier one of its id.
        """
        signals = []
        for number, body in enumerate(self.bodies(), 1):
            try:
                signal = json.loads(body) if body else {}
            except ValueError:
                signal = None
            if not isinstance(signal, dict):
                raise SwiftSignalFailure(_('Failed to parse JSON data: %s')
                                         % body[:256])
            signal_id = signal.setdefault('id', number)
            if not isinstance(signal_id, (str, int, float)):
                signal_id = signal['id'] = json.dumps(signal_id)
            signals = [s for s in signals if s['id'] != signal_id]
            signal.setdefault('data', None)
            signal.setdefault('reason', 'Signal %s received' % signal_id)
            signal.setdefault('status', SUCCESS)
            signals.append(signal)
        return signals

    def handle_delete(self):
        return None

    def check_delete_complete(self, token):
        return True

    def handle_check(self):
        return None

    def get_reference_id(self):
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        if name != self.DATA or 'object' not in self.data:
            return None
        try:
            received = self.signals()
        except SwiftSignalFailure:
            return None
        data = {s['id']: s['data'] for s in received} or None
        return json.dumps(data)
