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

"""Software deployments: the software_deployment table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'software_deployment',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('config_id', sa.String(36),
                  sa.ForeignKey('software_config.id'), nullable=False),
        sa.Column('server_id', sa.String(255), nullable=False),
        sa.Column('input_values', types.Json),
        sa.Column('output_values', types.Json),
        sa.Column('action', sa.String(255)),
        sa.Column('status', sa.String(255)),
        sa.Column('status_reason', sa.Text),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('stack_user_project_id', sa.String(64)),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.Column('updated_at', sa.DateTime))
    op.create_index('ix_software_deployment_server_id',
                    'software_deployment', ['server_id'])
    op.create_index('ix_software_deployment_project_id',
                    'software_deployment', ['project_id'])


def downgrade():
    op.drop_index('ix_software_deployment_project_id', 'software_deployment')
    op.drop_index('ix_software_deployment_server_id', 'software_deployment')
    op.drop_table('software_deployment')
