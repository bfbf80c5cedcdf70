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

"""``alarm list|show|history`` and ``metric push``.

On ``/v1/{tenant}/alarms`` (the built-in alarms, ``{"alarms": [...]}``,
``{"alarm": ...}``, ``{"alarm_history": [...]}`` newest first) and
``POST /v1/{tenant}/metrics`` (``{"samples": [...]}``).
"""

from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http

ALARM_FIELDS = (('id', 'ID'), ('name', 'Name'), ('state', 'State'),
                ('meter_name', 'Meter'), ('threshold', 'Threshold'),
                ('stack_id', 'Stack ID'), ('resource_name', 'Resource'))
HISTORY_FIELDS = (('timestamp', 'Timestamp'), ('previous', 'Previous'),
                  ('current', 'Current'), ('reason', 'Reason'))


def _limit_parser(parser):
    parser.add_argument('--limit', type=int, metavar='N',
                        help='Show at most N entries')
    return parser


def _params(args, **more):
    params = dict(more, limit=args.limit)
    return {key: value for key, value in params.items() if value is not None}


class ListAlarms(lister.Lister):
    """List the project's built-in alarms (OS::HeatVision::Alarm)."""

    def get_parser(self, prog_name):
        parser = _limit_parser(super().get_parser(prog_name))
        parser.add_argument('--marker', metavar='ALARM_ID',
                            help='Start after this alarm')
        return parser

    def take_action(self, args):
        found = self.app.client.get(
            'alarms', **_params(args, marker=args.marker)).get('alarms', [])
        return common.list_rows(found, ALARM_FIELDS)


class ShowAlarm(show.ShowOne):
    """Show a built-in alarm: its rule and its state."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('alarm', metavar='ALARM_ID', help='Alarm id')
        return parser

    def take_action(self, args):
        body = self.app.client.get(http.path('alarms', args.alarm))
        return common.show_dict(body.get('alarm') or {})


class AlarmHistory(lister.Lister):
    """List a built-in alarm's state transitions, newest first."""

    def get_parser(self, prog_name):
        parser = _limit_parser(super().get_parser(prog_name))
        parser.add_argument('alarm', metavar='ALARM_ID', help='Alarm id')
        return parser

    def take_action(self, args):
        body = self.app.client.get(
            http.path('alarms', args.alarm, 'history'), **_params(args))
        return common.list_rows(body.get('alarm_history', []),
                                HISTORY_FIELDS)


class PushMetric(show.ShowOne):
    """Push one sample of a metric (or the samples of a file)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name', metavar='NAME', nargs='?',
                            help='Metric name')
        parser.add_argument('value', metavar='VALUE', nargs='?',
                            type=float, help='The sample value')
        parser.add_argument('--dimension', metavar='KEY=VALUE',
                            action='append',
                            help='A dimension of the sample (repeatable)')
        parser.add_argument('--timestamp', metavar='ISO8601',
                            help='When it was measured (default: now)')
        parser.add_argument('--file', metavar='FILE',
                            help='A JSON or YAML list of samples '
                                 '({name, value, dimensions, timestamp}) '
                                 'instead of NAME VALUE')
        return parser

    def _samples(self, args):
        if args.file:
            if args.name is not None:
                raise http.CLIError('Give NAME VALUE or --file, not both')
            samples = common.read_json_or_yaml(args.file, 'samples file')
            return samples.get('samples') if isinstance(samples,
                                                        dict) else samples
        if args.name is None or args.value is None:
            raise http.CLIError('NAME and VALUE are required (or --file)')
        sample = {'name': args.name, 'value': args.value}
        dimensions = common.parse_key_values(args.dimension, '--dimension')
        if dimensions:
            sample['dimensions'] = dimensions
        if args.timestamp:
            sample['timestamp'] = args.timestamp
        return [sample]

    def take_action(self, args):
        body = self.app.client.post('metrics',
                                    {'samples': self._samples(args)})
        return common.show_dict(body or {})
