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

"""Task system: the task_job table and TaskFlow's logbook tables.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa
from taskflow.persistence.backends.sqlalchemy import tables as tf_tables

from heat_vision.db import types

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

TASKFLOW_TABLES = ('atomdetails', 'flowdetails', 'logbooks')


def upgrade():
    op.create_table(
        'task_job',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('user_id', sa.String(64)),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('kind', sa.String(16), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('status_reason', sa.Text),
        sa.Column('document', types.Json, nullable=False),
        sa.Column('context', types.Json),
        sa.Column('current_run', sa.Integer, nullable=False),
        sa.Column('runs', sa.Integer, nullable=False),
        sa.Column('failures', sa.Integer, nullable=False),
        sa.Column('result', types.Json),
        sa.Column('owner', sa.String(255)),
        sa.Column('cancel_requested', sa.Boolean, nullable=False),
        sa.Column('deadline', sa.DateTime),
        sa.Column('next_run_at', sa.DateTime),
        sa.Column('started_at', sa.DateTime),
        sa.Column('ended_at', sa.DateTime),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.Column('updated_at', sa.DateTime))
    op.create_index('ix_task_job_project_created', 'task_job',
                    ['project_id', 'created_at'])
    op.create_index('ix_task_job_status', 'task_job', ['status'])
    # NOTE(heat-vision): TaskFlow's own alembic history shares the default
    # alembic_version table name with ours, so its final schema is created
    # here from TaskFlow's table definitions instead.
    metadata = sa.MetaData()
    tf_tables.fetch(metadata)
    metadata.create_all(bind=op.get_bind())


def downgrade():
    for name in TASKFLOW_TABLES:
        op.drop_table(name)
    op.drop_index('ix_task_job_status', 'task_job')
    op.drop_index('ix_task_job_project_created', 'task_job')
    op.drop_table('task_job')
