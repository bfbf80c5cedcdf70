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

"""The engine that holds a resource claim: resource_claim.engine_id.

A claim whose engine is known dead (the stack locks' liveness) is free
at once instead of after ``[autoscaling] claim_timeout``.

Revision ID: 0011_claim_engine
Revises: 0010_task_run
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

revision = '0011_claim_engine'
down_revision = '0010_task_run'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource_claim') as batch:
        batch.add_column(sa.Column('engine_id', sa.String(36)))


def downgrade():
    with op.batch_alter_table('resource_claim') as batch:
        batch.drop_column('engine_id')
