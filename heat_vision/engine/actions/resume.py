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

"""Carrying on an operation whose engine died, from the stored states.

The stack's action says what was under way, and that operation runs
again over what is not done yet: a resource caught under way is resumed
(``actions.common.create_steps``), a replacement not yet swapped in is
finished (``actions.update``), a delete is simply repeated.
"""

from oslo_log import log as logging

from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import create
from heat_vision.engine.actions import delete
from heat_vision.engine.actions import update
from heat_vision.engine import states

LOG = logging.getLogger(__name__)

# The actions a take-over carries on (``resume``).
RESUMABLE = (states.CREATE, states.DELETE, states.UPDATE, states.ROLLBACK)


def resume(context, stack_id):
    """Carry on the stack's IN_PROGRESS operation to its end."""
    row = db_stacks.stack_get(context, stack_id)
    if row.status != states.IN_PROGRESS:
        return
    LOG.info('Resuming %s of stack %s (%s)', row.action, row.name, row.id)
    if row.action == states.CREATE:
        create.run(context, stack_id)
    elif row.action == states.DELETE:
        delete.run(context, stack_id)
    elif row.action == states.UPDATE:
        update.run(context, stack_id)
    elif row.action == states.ROLLBACK and row.prev_raw_template_id:
        update.run(context, stack_id, action=states.ROLLBACK)
    elif row.action == states.ROLLBACK:
        delete.run(context, stack_id, action=states.ROLLBACK)
    else:
        LOG.warning('Cannot resume %s of stack %s', row.action, row.id)
