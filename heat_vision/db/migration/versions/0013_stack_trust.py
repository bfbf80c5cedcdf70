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

"""The trust a top-level stack's deferred work runs with.

``sealed_trust`` holds the Keystone trust id Fernet-encrypted
(``heat_vision.common.trusts.seal``), never in clear;
``trustor_user_id`` the user who gave it; ``trust_borrowed`` says the
stack uses a trust of the work that made it (a task job's), which it
does not delete. Nested stacks keep neither:
they use their root stack's.

Revision ID: 0013_stack_trust
Revises: 0012_transition_delivery
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

revision = '0013_stack_trust'
down_revision = '0012_transition_delivery'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('stack') as batch:
        batch.add_column(sa.Column('sealed_trust', sa.Text))
        batch.add_column(sa.Column('trustor_user_id', sa.String(64)))
        batch.add_column(sa.Column('trust_borrowed', sa.Boolean))
