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

"""Raw templates stored once by content: raw_template.content_hash.

Revision ID: 0006_template_hash
Revises: 0005
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

revision = '0006_template_hash'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('raw_template') as batch:
        batch.add_column(sa.Column('content_hash', sa.String(64)))
        batch.create_unique_constraint('uniq_raw_template0content_hash',
                                       ['content_hash'])
