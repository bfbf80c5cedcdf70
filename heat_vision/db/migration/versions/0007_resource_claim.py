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

"""Resource claims: the resource_claim table (scaling signals).

Revision ID: 0007_resource_claim
Revises: 0006_template_hash
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0007_resource_claim'
down_revision = '0006_template_hash'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'resource_claim',
        sa.Column('stack_id', sa.String(36), primary_key=True),
        sa.Column('resource_name', sa.String(255), primary_key=True),
        sa.Column('holder', sa.String(36)),
        sa.Column('claimed_until', sa.DateTime),
        sa.Column('pending', types.Json),
        sa.Column('due_at', sa.DateTime),
        sa.Column('version', sa.Integer, nullable=False))
    op.create_index('ix_resource_claim_due_at', 'resource_claim',
                    ['due_at'])


def downgrade():
    op.drop_index('ix_resource_claim_due_at', 'resource_claim')
    op.drop_table('resource_claim')
