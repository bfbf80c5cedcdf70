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

"""``stack snapshot create|list|show|delete|restore``."""

from cliff import command
from cliff import show

from heat_vision.cli import common

LIST_FIELDS = (('id', 'ID'), ('name', 'Name'), ('status', 'Status'),
               ('status_reason', 'Status Reason'),
               ('creation_time', 'Created At'))


class _SnapshotCommand:
    """Arguments and path of a command on one snapshot."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('snapshot', help='Snapshot ID')
        return parser

    def snapshot_path(self, args, *more):
        return common.resolve_stack_path(self.app.client, args.stack,
                                         'snapshots', args.snapshot, *more)


class CreateSnapshot(show.ShowOne):
    """Take a snapshot of a stack."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--name', help='Name of the snapshot')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'snapshots')
        body = {'name': args.name} if args.name else {}
        snapshot = self.app.client.post(path, body) or {}
        return common.show_dict(snapshot.get('snapshot', snapshot),
                                exclude=('data',))


class ListSnapshots(common.StackPartLister):
    """List the snapshots of a stack."""

    PART = 'snapshots'
    FIELDS = LIST_FIELDS


class ShowSnapshot(_SnapshotCommand, show.ShowOne):
    """Show a snapshot, with the data it holds."""

    @property
    def formatter_default(self):
        return 'yaml'

    def take_action(self, args):
        snapshot = self.app.client.get(self.snapshot_path(args))
        return common.show_dict(snapshot.get('snapshot', snapshot))


class DeleteSnapshot(_SnapshotCommand, command.Command):
    """Delete a snapshot."""

    def take_action(self, args):
        self.app.client.delete(self.snapshot_path(args))


class RestoreSnapshot(_SnapshotCommand, command.Command):
    """Restore a stack to a snapshot."""

    def take_action(self, args):
        self.app.client.post(self.snapshot_path(args, 'restore'))
