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

"""Stack adopt: a stack created from abandon data, over existing resources.

Each resource takes its physical id, data and metadata from the data
instead of being created (a plugin may add a ``handle_adopt(entry)`` to
check or complete them); the stack goes ADOPT_IN_PROGRESS, then
ADOPT_COMPLETE or ADOPT_FAILED. A resource the data does not name fails,
as in Heat. Resources that own a nested stack create it afresh.
"""

from oslo_serialization import jsonutils
import yaml

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.engine.actions import common
from heat_vision.engine import states
from heat_vision.resources import stack_resource

ARG = 'adopt_stack_data'


def parse(args):
    """The adopt data of a create request, or None for a plain create.

    :param args: create_stack's args; ``adopt_stack_data`` is a dict or
        its JSON (or YAML) text.
    :raises: InvalidParameter when the data is not a stack's data.
    """
    data = args.get(ARG)
    if data is None:
        return None
    if isinstance(data, str):
        try:
            data = jsonutils.loads(data)
        except ValueError:
            try:
                data = yaml.safe_load(data)
            except yaml.YAMLError as exc:
                raise _invalid(str(exc))
    if not isinstance(data, dict):
        raise _invalid(_('it is not a map'))
    if not isinstance(data.get('template'), dict):
        raise _invalid(_('"template" is missing or not a map'))
    if not isinstance(data.get('resources', {}), dict):
        raise _invalid(_('"resources" must be a map of resource names'))
    return data


def _invalid(reason):
    return exception.InvalidParameter(
        reason=_('Invalid adopt data: %s') % reason)


def request(data, template, environment, files):
    """What to create: the data's template, environment and files, where
    the request gives none.

    :returns: (template, environment, files)
    """
    if template is None:
        template = data['template']
    if not environment:
        environment = data.get('environment') or None
    if not files:
        files = data.get('files') or None
    return template, environment, files


def runner(data, stack=None):
    """:returns: ``f(context, stack_id)`` adopting the stored stack.

    :param stack: its ``Stack``, as ``create.store(loaded=True)`` built it
        (else it is loaded).
    """
    def adopt_stack(context, stack_id):
        run(context, stack_id, data, stack)
    return adopt_stack


def run(context, stack_id, data, stack=None):
    """Adopt every resource of the stored stack from ``data``."""
    stack, recorder, graph, deadline = common.open_action(context, stack_id,
                                                          stack)
    common.set_stack_state(recorder, states.ADOPT, states.IN_PROGRESS,
                           'Stack ADOPT started')
    entries = data.get('resources') or {}

    def adopt_one(name):
        return _adopt(stack, recorder, stack.rows[name],
                      entries.get(name), deadline)

    try:
        result = common.run_resources(stack, graph, adopt_one, deadline)
        common.finish(recorder, states.ADOPT, result)
    finally:
        recorder.flush()


def _adopt(stack, recorder, row, entry, deadline):
    """Adopt one resource; a generator of poll delays (a nested stack's
    create is waited for without holding a thread).
    """
    recorder.resource_state(row, states.ADOPT, states.IN_PROGRESS,
                            'state changed')
    try:
        plugin = stack.plugin(row.name)
        if isinstance(plugin, stack_resource.StackResource):
            token = plugin.handle_create()
            yield from common.polling(
                lambda: plugin.check_create_complete(token), deadline,
                plugin)
        else:
            _take_over(plugin, entry)
    except Exception as exc:
        recorder.resource_state(row, states.ADOPT, states.FAILED,
                                common.describe(exc))
        raise
    recorder.resource_state(row, states.ADOPT, states.COMPLETE,
                            'state changed',
                            physical_resource_id=plugin.resource_id,
                            properties_data=plugin.properties,
                            attr_data=plugin.data or None,
                            rsrc_metadata=plugin.metadata)


def _take_over(plugin, entry):
    if not entry or not entry.get('resource_id'):
        raise ValueError('Resource ID was not provided.')
    plugin.resource_id = entry['resource_id']
    plugin.data.update(entry.get('resource_data') or {})
    if entry.get('metadata'):
        plugin.metadata = entry['metadata']
    handle_adopt = getattr(plugin, 'handle_adopt', None)
    if handle_adopt is not None:
        handle_adopt(entry)
