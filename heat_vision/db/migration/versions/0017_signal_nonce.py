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

"""One-use action URLs used, until they expire: signal_nonce.

Revision ID: 0017_signal_nonce
Revises: 0016_task_job_due_index
Create Date: 2026-12-04
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0017_signal_nonce'
down_revision = '0016_task_job_due_index'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'signal_nonce',
        sa.Column('digest', sa.String(64), primary_key=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('expires_at', types.precise_datetime(), nullable=False))
    op.create_index('ix_signal_nonce_expires_at', 'signal_nonce',
                    ['expires_at'])
