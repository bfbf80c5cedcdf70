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

"""Why a stack failed: its failed resources, nested stacks followed.

A failed resource that is itself a nested stack is replaced by the
failed resources inside it, down to the ones that failed on their own,
as ``openstack stack failures list`` does.
"""

import collections

from cliff import lister

from heat_vision.cli import common
from heat_vision.cli import http

MAX_NESTING = 10

Failure = collections.namedtuple(
    'Failure', 'path resource_type status reason physical_id')


def _failed(resources):
    return [resource for resource in resources
            if str(resource.get('resource_status', '')).endswith('FAILED')]


def _nested_failures(client, resource, path, depth):
    if depth >= MAX_NESTING or not common.link(resource, 'nested'):
        return []
    nested_id = resource.get('physical_resource_id')
    if not nested_id:
        return []
    try:
        nested = common.find_stack(client, nested_id)
    except http.NotFound:
        return []
    return _resource_failures(client, nested, path, depth + 1)


def _resource_failures(client, stack, path, depth):
    resources = client.get(common.stack_path(stack, 'resources'))
    found = []
    for resource in _failed(resources.get('resources', [])):
        resource_path = path + [resource['resource_name']]
        inner = _nested_failures(client, resource, resource_path, depth)
        found.extend(inner or [Failure(
            '.'.join(resource_path), resource.get('resource_type'),
            resource.get('resource_status'),
            resource.get('resource_status_reason'),
            resource.get('physical_resource_id'))])
    return found


def root_causes(client, stack):
    """The failures that explain why ``stack`` failed.

    :param stack: the stack dict as Heat shows it.
    :returns: a list of :data:`Failure`; the stack's own reason when no
        resource failed (a timeout, a validation error).
    """
    try:
        found = _resource_failures(client, stack, [stack['stack_name']], 0)
    except http.HeatHTTPError:
        found = []
    if not found:
        found = [Failure(stack['stack_name'], 'stack',
                         stack.get('stack_status'),
                         stack.get('stack_status_reason'), stack.get('id'))]
    return found


def describe(stack, failures):
    """A message for the console: the stack status, then each cause."""
    lines = ['Stack %s %s' % (stack['stack_name'], stack.get('stack_status'))]
    for failure in failures:
        lines.append('  %s: %s: %s' % (failure.path, failure.status,
                                       failure.reason))
    return '\n'.join(lines)


class ListFailures(lister.Lister):
    """Show the resources that made a stack fail, nested stacks followed."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        return parser

    def take_action(self, parsed_args):
        client = self.app.client
        stack = common.find_stack(client, parsed_args.stack)
        if not str(stack.get('stack_status', '')).endswith('FAILED'):
            return ('Resource', 'Type', 'Status', 'Reason'), []
        rows = [(failure.path, failure.resource_type, failure.status,
                 failure.reason)
                for failure in root_causes(client, stack)]
        return ('Resource', 'Type', 'Status', 'Reason'), rows
