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

"""``heat-vision``: the command-line client (cliff).

Every command is registered here, from :data:`COMMANDS`, with cliff's
``CommandManager.add_command``; there is no entry-point namespace to
keep in step.
"""

import os
import sys

from cliff import app
from cliff import commandmanager

from heat_vision.cli import connection
from heat_vision.cli import events
from heat_vision.cli import failures
from heat_vision.cli import graph
from heat_vision.cli import monitoring
from heat_vision.cli import outputs
from heat_vision.cli import resource_types
from heat_vision.cli import resources
from heat_vision.cli import scaling
from heat_vision.cli import services
from heat_vision.cli import snapshots
from heat_vision.cli import stack_actions
from heat_vision.cli import stacks
from heat_vision.cli import tasks
from heat_vision.cli import templates
from heat_vision.cli import translate
from heat_vision import version

COMMANDS = {
    'stack list': stacks.ListStacks,
    'stack show': stacks.ShowStack,
    'stack create': stacks.CreateStack,
    'stack update': stacks.UpdateStack,
    'stack delete': stacks.DeleteStack,
    'stack check': stack_actions.CheckStack,
    'stack suspend': stack_actions.SuspendStack,
    'stack resume': stack_actions.ResumeStack,
    'stack cancel': stack_actions.CancelStack,
    'stack abandon': stack_actions.AbandonStack,
    'stack adopt': stack_actions.AdoptStack,
    'stack export': stack_actions.ExportStack,
    'stack failures list': failures.ListFailures,
    'stack graph': graph.StackGraph,
    'stack event list': events.ListEvents,
    'stack event show': events.ShowEvent,
    'stack resource list': resources.ListResources,
    'stack resource show': resources.ShowResource,
    'stack resource metadata': resources.ShowResourceMetadata,
    'stack resource signal': resources.SignalResource,
    'stack resource mark unhealthy': resources.MarkResourceUnhealthy,
    'stack output list': outputs.ListOutputs,
    'stack output show': outputs.ShowOutput,
    'stack template show': templates.ShowStackTemplate,
    'stack snapshot create': snapshots.CreateSnapshot,
    'stack snapshot list': snapshots.ListSnapshots,
    'stack snapshot show': snapshots.ShowSnapshot,
    'stack snapshot delete': snapshots.DeleteSnapshot,
    'stack snapshot restore': snapshots.RestoreSnapshot,
    'template validate': templates.ValidateTemplate,
    'template version list': templates.ListTemplateVersions,
    'template function list': templates.ListTemplateFunctions,
    'template translate': translate.TranslateTemplate,
    'resource type list': resource_types.ListResourceTypes,
    'resource type show': resource_types.ShowResourceType,
    'service list': services.ListServices,
    'policy signal': scaling.SignalPolicy,
    'policy rotate-url': scaling.RotatePolicyUrl,
    'group show': scaling.ShowGroup,
    'task create': tasks.CreateTask,
    'task list': tasks.ListTasks,
    'task show': tasks.ShowTask,
    'task cancel': tasks.CancelTask,
    'alarm list': monitoring.ListAlarms,
    'alarm show': monitoring.ShowAlarm,
    'alarm history': monitoring.AlarmHistory,
    'metric push': monitoring.PushMetric,
}


def command_manager():
    manager = commandmanager.CommandManager(None)
    for name, command_class in COMMANDS.items():
        manager.add_command(name, command_class)
    return manager


class HeatVisionApp(app.App):
    """The application: global options, and a client made on first use."""

    def __init__(self, environ=None, **streams):
        self.environ = os.environ if environ is None else environ
        self._client = None
        super().__init__(
            description='heat-vision orchestration client',
            version=version.version_string(),
            command_manager=command_manager(), deferred_help=True,
            **streams)

    def build_option_parser(self, description, version, argparse_kwargs=None):
        parser = super().build_option_parser(description, version,
                                             argparse_kwargs)
        connection.add_options(parser, self.environ)
        return parser

    @property
    def client(self):
        """The HTTP client, built from the global options on first use."""
        if self._client is None:
            self._client = connection.make_client(self.options)
        return self._client


def main(argv=None):
    return HeatVisionApp().run(sys.argv[1:] if argv is None else argv)


if __name__ == '__main__':
    sys.exit(main())
