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

"""The built-in alarms' transitions to send: transition_outbox.

Revision ID: 0018_transition_outbox
Revises: 0017_signal_nonce
Create Date: 2026-12-04
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0018_transition_outbox'
down_revision = '0017_signal_nonce'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'transition_outbox',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('alarm_id', sa.String(36), nullable=False),
        sa.Column('payload', types.Json, nullable=False),
        sa.Column('created_at', types.precise_datetime(), nullable=False),
        sa.Column('sent_at', types.precise_datetime()),
        sa.Column('delivered_at', types.precise_datetime()),
        sa.Column('attempts', sa.Integer, nullable=False),
        sa.Column('sends', sa.Integer, nullable=False),
        sa.Column('next_attempt_at', types.precise_datetime(),
                  nullable=False))
    op.create_index('ix_transition_outbox_due', 'transition_outbox',
                    ['delivered_at', 'next_attempt_at'])
