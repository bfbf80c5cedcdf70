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

"""Index a project's live top-level stacks.

The stack list and the count a create makes against
``max_stacks_per_tenant`` ask for a project's stacks that are neither
deleted nor nested. The only index they could use was the project's
(``ix_stack_project_name``), so they read every stack the project ever
had: its nested stacks (a group's members, each scaling) and its
deleted ones, until ``purge_deleted``. 100,000 such rows made each
query take 20 ms on sqlite.

Revision ID: 0021_stack_project_live_index
Revises: 0020_claim_owed_events
Create Date: 2026-12-06
"""

from alembic import op

revision = '0021_stack_project_live_index'
down_revision = '0020_claim_owed_events'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_stack_project_live', 'stack',
                    ['project_id', 'deleted_at', 'owner_id'])
