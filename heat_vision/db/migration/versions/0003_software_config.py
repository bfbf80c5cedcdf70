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

"""Software configs: the software_config table.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'software_config',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('name', sa.String(255)),
        sa.Column('group', sa.String(255)),
        sa.Column('config', types.Json),
        sa.Column('project_id', sa.String(64), nullable=False),
        sa.Column('created_at', sa.DateTime, nullable=False),
        sa.Column('updated_at', sa.DateTime))
    op.create_index('ix_software_config_project_id', 'software_config',
                    ['project_id'])


def downgrade():
    op.drop_index('ix_software_config_project_id', 'software_config')
    op.drop_table('software_config')
