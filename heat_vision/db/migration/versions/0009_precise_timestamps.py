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

"""Microsecond timestamps on MySQL and MariaDB.

Their DATETIME keeps whole seconds unless it is given a precision: events,
resources, stacks and task jobs of the same second could not be ordered
by time. PostgreSQL and sqlite keep microseconds already.

Revision ID: 0009_precise_timestamps
Revises: 0008_monitoring
Create Date: 2026-11-30
"""

from alembic import op
from sqlalchemy.dialects import mysql

revision = '0009_precise_timestamps'
down_revision = '0008_monitoring'
branch_labels = None
depends_on = None

_TIMESTAMPS = ('created_at', 'updated_at')
#: table -> its datetime columns.
COLUMNS = {
    'service': _TIMESTAMPS + ('deleted_at',),
    'raw_template': _TIMESTAMPS,
    'stack': _TIMESTAMPS + ('deleted_at',),
    'resource': _TIMESTAMPS,
    'event': ('created_at',),
    'stack_lock': _TIMESTAMPS,
    'task_job': _TIMESTAMPS + ('deadline', 'next_run_at', 'started_at',
                               'ended_at'),
    'software_config': _TIMESTAMPS,
    'snapshot': _TIMESTAMPS,
    'software_deployment': _TIMESTAMPS,
    'resource_claim': ('claimed_until', 'due_at'),
    'alarm_binding': ('created_at',),
    'alarm': _TIMESTAMPS + ('state_changed_at',),
    'alarm_history': ('created_at',),
    'metric_sample': ('timestamp',),
}
#: The NOT NULL ones.
REQUIRED = ('created_at', 'timestamp')


def upgrade():
    if op.get_bind().dialect.name not in ('mysql', 'mariadb'):
        return
    for table, columns in COLUMNS.items():
        with op.batch_alter_table(table) as batch:
            for column in columns:
                batch.alter_column(
                    column, type_=mysql.DATETIME(fsp=6),
                    existing_type=mysql.DATETIME(),
                    existing_nullable=column not in REQUIRED)
