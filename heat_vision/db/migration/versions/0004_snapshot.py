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

"""Stack snapshots: the snapshot table.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'snapshot',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('stack_id', sa.String(36), sa.ForeignKey('stack.id'),
                  nullable=False),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('name', sa.String(255)),
        sa.Column('status', sa.String(255), nullable=False),
        sa.Column('status_reason', sa.Text),
        sa.Column('data', types.Json),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.Column('updated_at', sa.DateTime))
    op.create_index('ix_snapshot_stack_id', 'snapshot', ['stack_id'])


def downgrade():
    op.drop_index('ix_snapshot_stack_id', 'snapshot')
    op.drop_table('snapshot')
