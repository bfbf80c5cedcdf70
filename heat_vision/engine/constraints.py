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

"""Custom constraints on what the engine itself stores.

``heat.software_config``: the id of a software config the request's
project may read (the ``config`` of a software deployment). A value
known only once the stack runs (``get_resource``) is checked by the
deployment then; without a request context nothing is checked.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import software_configs as db_configs
from heat_vision.template import custom_constraints


class SoftwareConfigConstraint(custom_constraints.BaseConstraint):
    """A stored software config of the request's project."""

    def validate(self, value, context=None):
        self.error_message = None
        if context is None or value in (None, ''):
            return True
        try:
            db_configs.software_config_get(context, str(value))
        except exception.NotFound:
            self.error_message = _('The software config (%s) could not '
                                   'be found.') % value
            return False
        return True
