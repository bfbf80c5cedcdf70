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

"""The run history of task jobs: task_run.

Revision ID: 0010_task_run
Revises: 0009_precise_timestamps
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0010_task_run'
down_revision = '0009_precise_timestamps'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'task_run',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('job_id', sa.String(36),
                  sa.ForeignKey('task_job.id', ondelete='CASCADE'),
                  nullable=False),
        sa.Column('run', sa.Integer, nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('owner', sa.String(255)),
        sa.Column('result', types.Json),
        sa.Column('error', sa.Text),
        sa.Column('planned_at', types.precise_datetime()),
        sa.Column('started_at', types.precise_datetime(), nullable=False),
        sa.Column('ended_at', types.precise_datetime()),
        sa.UniqueConstraint('job_id', 'run', name='uniq_task_run0job_run'))
