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

"""Stack check: ask every resource's plugin whether the real thing is fine.

Unlike the other actions, a failed check does not stop the walk: every
resource is checked (as Heat aggregates the failures), and the stack is
CHECK_FAILED naming the first resource that failed. A resource that was
never created fails its check.
"""

from heat_vision.engine.actions import common
from heat_vision.engine import states


class NotCreated(Exception):
    """The resource to check does not exist yet."""


def run(context, stack_id):
    """Check every resource; fail the stack if any check failed."""
    stack, recorder, graph, deadline = common.open_action(context,
                                                          stack_id)
    failed = {}

    def check_one(name):
        try:
            _check(stack, recorder, stack.rows[name])
        except Exception as exc:
            failed[name] = exc

    try:
        result = common.run_resources(stack, graph, check_one, deadline)
        # Failures were kept aside so the walk went on; report them now.
        result.failed.update(sorted(failed.items()))
        common.finish(recorder, states.CHECK, result)
    finally:
        recorder.flush()


def _check(stack, recorder, row):
    if row.action == states.INIT:
        error = NotCreated('Resource %s not created yet.' % row.name)
        recorder.resource_state(row, states.CHECK, states.FAILED,
                                'Can not check %s, resource not created '
                                'yet.' % row.name)
        raise error
    recorder.resource_state(row, states.CHECK, states.IN_PROGRESS,
                            'state changed')
    try:
        stack.stored_plugin(row).handle_check()
    except Exception as exc:
        recorder.resource_state(row, states.CHECK, states.FAILED,
                                common.describe(exc))
        raise
    recorder.resource_state(row, states.CHECK, states.COMPLETE,
                            'state changed')
