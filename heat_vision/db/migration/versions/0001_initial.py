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

"""Initial schema: services, templates, stacks, resources, events, locks.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def _timestamps():
    return [sa.Column('created_at', sa.DateTime, nullable=False),
            sa.Column('updated_at', sa.DateTime)]


def upgrade():
    op.create_table(
        'service',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('engine_id', sa.String(36), nullable=False, unique=True),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('hostname', sa.String(255), nullable=False),
        sa.Column('binary', sa.String(255), nullable=False),
        sa.Column('topic', sa.String(255), nullable=False),
        sa.Column('report_interval', sa.Integer, nullable=False),
        sa.Column('deleted_at', sa.DateTime),
        *_timestamps())
    op.create_table(
        'raw_template',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('template', types.Json, nullable=False),
        sa.Column('files', types.Json),
        sa.Column('environment', types.Json),
        *_timestamps())
    op.create_table(
        'stack',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('description', sa.Text),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('user_id', sa.String(64)),
        sa.Column('username', sa.String(256)),
        sa.Column('raw_template_id', sa.Integer,
                  sa.ForeignKey('raw_template.id'), nullable=False),
        sa.Column('prev_raw_template_id', sa.Integer,
                  sa.ForeignKey('raw_template.id')),
        sa.Column('action', sa.String(255), nullable=False),
        sa.Column('status', sa.String(255), nullable=False),
        sa.Column('status_reason', sa.Text),
        sa.Column('timeout', sa.Integer),
        sa.Column('disable_rollback', sa.Boolean, nullable=False),
        sa.Column('owner_id', sa.String(36)),
        sa.Column('nested_depth', sa.Integer, nullable=False),
        sa.Column('tags', types.Json),
        sa.Column('deleted_at', sa.DateTime),
        *_timestamps())
    op.create_index('ix_stack_project_name', 'stack',
                    ['project_id', 'name'])
    op.create_index('ix_stack_owner_id', 'stack', ['owner_id'])
    op.create_table(
        'resource',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('stack_id', sa.String(36), sa.ForeignKey('stack.id'),
                  nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('type', sa.String(255), nullable=False),
        sa.Column('action', sa.String(255), nullable=False),
        sa.Column('status', sa.String(255), nullable=False),
        sa.Column('status_reason', sa.Text),
        sa.Column('physical_resource_id', sa.String(255)),
        sa.Column('properties_data', types.Json),
        sa.Column('attr_data', types.Json),
        sa.Column('rsrc_metadata', types.Json),
        sa.Column('requires', types.Json),
        sa.Column('replaces', sa.Integer),
        sa.Column('replaced_by', sa.Integer),
        *_timestamps())
    op.create_index('ix_resource_stack_id', 'resource', ['stack_id'])
    op.create_table(
        'event',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('stack_id', sa.String(36), sa.ForeignKey('stack.id'),
                  nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('physical_resource_id', sa.String(255)),
        sa.Column('resource_type', sa.String(255)),
        sa.Column('resource_action', sa.String(255), nullable=False),
        sa.Column('resource_status', sa.String(255), nullable=False),
        sa.Column('resource_status_reason', sa.Text),
        sa.Column('resource_properties', types.Json),
        sa.Column('created_at', sa.DateTime, nullable=False))
    op.create_index('ix_event_stack_id', 'event', ['stack_id', 'id'])
    op.create_table(
        'stack_lock',
        sa.Column('stack_id', sa.String(36), sa.ForeignKey('stack.id'),
                  primary_key=True),
        sa.Column('engine_id', sa.String(36), nullable=False),
        *_timestamps())
