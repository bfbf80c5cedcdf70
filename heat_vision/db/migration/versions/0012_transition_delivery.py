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

"""Alarm transitions delivered, for acting on each once: transition_delivery.

Revision ID: 0012_transition_delivery
Revises: 0011_claim_engine
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0012_transition_delivery'
down_revision = '0011_claim_engine'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'transition_delivery',
        sa.Column('digest', sa.String(64), primary_key=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('alarm_id', sa.String(255)),
        sa.Column('via', sa.String(16), nullable=False),
        sa.Column('created_at', types.precise_datetime(), nullable=False))
    op.create_index('ix_transition_delivery_created_at',
                    'transition_delivery', ['created_at'])
