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

"""Monitoring: alarm bindings, built-in alarms, their history, samples.

Revision ID: 0008_monitoring
Revises: 0007_resource_claim
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0008_monitoring'
down_revision = '0007_resource_claim'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'alarm_binding',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('alarm_id', sa.String(255), nullable=False),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.UniqueConstraint('alarm_id', 'stack_id', 'resource_name',
                            name='uniq_alarm_binding'))
    op.create_index('ix_alarm_binding_stack_id', 'alarm_binding',
                    ['stack_id'])
    op.create_table(
        'alarm',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('user_id', sa.String(64)),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('state', sa.String(32), nullable=False),
        sa.Column('state_reason', sa.Text),
        sa.Column('state_changed_at', sa.DateTime),
        sa.Column('definition', types.Json, nullable=False),
        sa.Column('job_id', sa.String(36)),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.Column('updated_at', sa.DateTime))
    op.create_index('ix_alarm_project_id', 'alarm', ['project_id'])
    op.create_index('ix_alarm_stack_id', 'alarm', ['stack_id'])
    op.create_table(
        'alarm_history',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('alarm_id', sa.String(36), nullable=False),
        sa.Column('previous', sa.String(32), nullable=False),
        sa.Column('current', sa.String(32), nullable=False),
        sa.Column('reason', sa.Text),
        sa.Column('reason_data', types.Json),
        sa.Column('created_at', sa.DateTime, nullable=False))
    op.create_index('ix_alarm_history_alarm_id', 'alarm_history',
                    ['alarm_id', 'id'])
    op.create_table(
        'metric_sample',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('dimensions', types.Json),
        sa.Column('value', sa.Float, nullable=False),
        sa.Column('timestamp', sa.DateTime, nullable=False))
    op.create_index('ix_metric_sample_lookup', 'metric_sample',
                    ['project_id', 'name', 'timestamp'])


def downgrade():
    op.drop_index('ix_metric_sample_lookup', 'metric_sample')
    op.drop_table('metric_sample')
    op.drop_index('ix_alarm_history_alarm_id', 'alarm_history')
    op.drop_table('alarm_history')
    op.drop_index('ix_alarm_stack_id', 'alarm')
    op.drop_index('ix_alarm_project_id', 'alarm')
    op.drop_table('alarm')
    op.drop_index('ix_alarm_binding_stack_id', 'alarm_binding')
    op.drop_table('alarm_binding')
