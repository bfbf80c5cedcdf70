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

"""heat-vision-manage: db sync/version, service list/clean, purge-deleted.
"""

import datetime
import sys

from oslo_config import cfg
from oslo_utils import timeutils

from heat_vision import cmd
from heat_vision.common import context
from heat_vision.db import migration
from heat_vision.db import problems
from heat_vision.db import purge
from heat_vision.db import services as db_services
from heat_vision.engine import locks

CONF = cfg.CONF


def do_db_sync():
    cmd.ensure_state_path()
    migration.db_sync()


def do_db_version():
    print(migration.db_version() or 'None')


def do_service_list():
    rows = db_services.service_get_all(context.get_admin_context())
    fmt = '%-36s %-20s %-20s %-8s %s'
    print(fmt % ('Engine ID', 'Host', 'Binary', 'Status', 'Updated'))
    for row in rows:
        print(fmt % (row['engine_id'], row['host'], row['binary'],
                     'up' if locks.engine_alive(row) else 'down',
                     row['updated_at'] or row['created_at']))


def do_service_clean():
    """Remove the engines that are down (silent for service_down_time)."""
    now = timeutils.utcnow()
    removed = db_services.service_delete_stale(
        context.get_admin_context(),
        now - datetime.timedelta(seconds=CONF.service_down_time))
    for engine_id in removed:
        print('Removed engine %s' % engine_id)
    print('%d dead engine(s) removed' % len(removed))


GRANULARITIES = ('days', 'hours', 'minutes', 'seconds')


def do_purge_deleted():
    """Remove stacks deleted more than ``--age`` ago, for good."""
    age = datetime.timedelta(**{CONF.command.granularity: CONF.command.age})
    counts = purge.purge_deleted(context.get_admin_context(),
                                 timeutils.utcnow() - age)
    print('Purged %(stacks)d stack(s), %(events)d event(s), '
          '%(templates)d unused template(s) and %(services)d engine '
          'record(s)' % counts)


def add_command_parsers(subparsers):
    db = subparsers.add_parser('db', help='Database schema.')
    db_actions = db.add_subparsers(dest='db_action')
    db_actions.required = True
    db_actions.add_parser('sync', help='Apply every migration.') \
        .set_defaults(func=do_db_sync)
    db_actions.add_parser('version', help='Show the schema revision.') \
        .set_defaults(func=do_db_version)
    service = subparsers.add_parser('service', help='Engine services.')
    service_actions = service.add_subparsers(dest='service_action')
    service_actions.required = True
    service_actions.add_parser('list', help='List engines and their '
                                            'status.') \
        .set_defaults(func=do_service_list)
    service_actions.add_parser(
        'clean', help='Remove the engines that are down from the list.') \
        .set_defaults(func=do_service_clean)
    purge_parser = subparsers.add_parser(
        'purge-deleted',
        help='Remove for good the stacks (with their resources and events) '
             'deleted more than AGE ago, the templates stored before then '
             'that no stack uses, and stopped engines\' records.')
    purge_parser.add_argument(
        '--age', type=_non_negative, default=90,
        help='How long ago, in GRANULARITY units (default: 90).')
    purge_parser.add_argument(
        '--granularity', choices=GRANULARITIES, default='days',
        help='The unit of AGE (default: days).')
    purge_parser.set_defaults(func=do_purge_deleted)


def _non_negative(text):
    value = int(text)
    if value < 0:
        raise ValueError('must be 0 or more')
    return value


command_opt = cfg.SubCommandOpt('command', title='Commands',
                                handler=add_command_parsers)


def main():
    cmd.prepare(extra_cli_opts=[command_opt])
    cmd.require_extras(database=True)
    try:
        CONF.command.func()
    except Exception as exc:
        if not problems.concerns_database(exc):
            raise
        sys.exit('heat-vision-manage: %s' % problems.describe(
            exc, CONF.database.connection))
    sys.exit(0)
