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

"""Helpers to run one resource plugin without an engine."""

from heat_vision.common import context
from heat_vision.template import properties


class FakeStack:
    """The part of the engine's StackFacade that plugins use."""

    def __init__(self, name='teststack',
                 stack_id='5b5a0b4e-6a43-4c8b-9a8f-7c7e0f7d2f21'):
        self.name = name
        self.id = stack_id
        self.context = context.RequestContext(project_id='demo')
        self.plugins = {}

    def short_id(self, resource_name):
        return 'abcdefghijkl'

    def plugin(self, name):
        return self.plugins[name]

    def resource_names(self):
        return list(self.plugins)

    def stored_metadata(self, name):
        return self.plugins[name].metadata


def make(cls, name='rsrc', props=None, stack=None, **kwargs):
    """:returns: a ``cls`` plugin with ``props`` checked and defaulted."""
    stack = stack or FakeStack()
    checked = properties.Properties(cls.properties_schema, props or {},
                                    path=['resources', name, 'properties'])
    plugin = cls(name, checked.resolved(), stack, **kwargs)
    stack.plugins[name] = plugin
    return plugin


def run(plugin, action='create', *args):
    """Call handle_<action> then check_<action>_complete until True."""
    token = getattr(plugin, 'handle_' + action)(*args)
    check = getattr(plugin, 'check_%s_complete' % action)
    for _i in range(100000):
        if check(token):
            return token
    raise AssertionError('%s never completed' % action)
