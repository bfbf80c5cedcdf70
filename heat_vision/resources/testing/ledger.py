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

"""HeatVision::Test::Ledger: a resource whose real thing is a file.

It exists to test what an engine take-over promises: each resource is
made once and nothing is left behind. The file is named after the
physical name and made with O_EXCL, so creating it again after a
take-over finds it instead of making a second one; every real creation
and deletion is appended to ``<directory>/ledger.log``.
"""

import os
import time

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import constraints

LOG_NAME = 'ledger.log'


class Ledger(base.Resource):

    PROPERTIES = (DIRECTORY, SECONDS) = ('directory', 'seconds')

    properties_schema = {
        DIRECTORY: constraints.Schema(
            constraints.Schema.STRING,
            _('The directory the entry file is made in.'), required=True),
        SECONDS: constraints.Schema(
            constraints.Schema.NUMBER,
            _('How long the create takes (without blocking a thread).'),
            default=0, constraints=[constraints.Range(min=0, max=600)]),
    }

    def _path(self):
        return os.path.join(self.properties[self.DIRECTORY],
                            self.resource_id)

    def _log(self, what):
        with open(os.path.join(self.properties[self.DIRECTORY], LOG_NAME),
                  'a') as log:
            log.write('%s %s\n' % (what, self.resource_id))

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        try:
            fd = os.open(self._path(), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return time.time()      # made before a take-over: keep it
        os.close(fd)
        self._log('create')
        self.data['ready_at'] = time.time() + self.properties[self.SECONDS]
        return self.data['ready_at']

    def check_create_complete(self, token):
        ready_at = token or self.data.get('ready_at') or 0
        return os.path.exists(self._path()) and time.time() >= ready_at

    def check_exists(self):
        # An existing entry adopted with ``external_id`` is named by its
        # file's absolute path (its properties are not used).
        path = self.resource_id or ''
        if not (os.path.isabs(path) and os.path.isfile(path)):
            raise exception.ServiceObjectNotFound(
                service='ledger', status=404,
                reason=_('no entry file %s') % path)

    def handle_delete(self):
        if self.resource_id is None:
            return
        try:
            os.unlink(self._path())
        except FileNotFoundError:
            return
        self._log('delete')
