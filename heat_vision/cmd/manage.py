"""heat-vision-manage: db sync, db version, service list."""

import sys

from oslo_config import cfg

from heat_vision import cmd
from heat_vision.common import context
from heat_vision.db import migration
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


command_opt = cfg.SubCommandOpt('command', title='Commands',
                                handler=add_command_parsers)


def main():
    cmd.prepare(extra_cli_opts=[command_opt])
    CONF.command.func()
    sys.exit(0)
