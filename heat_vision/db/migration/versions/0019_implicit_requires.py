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

"""The dependencies of a resource that nothing in its definition names.

``implicit_requires`` holds the names among ``requires`` that Heat's
implicit dependencies added (a port after the subnets of its network,
...), so that ``resource list`` and ``stack graph`` can tell them apart.

Revision ID: 0019_implicit_requires
Revises: 0018_transition_outbox
Create Date: 2026-12-04
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0019_implicit_requires'
down_revision = '0018_transition_outbox'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource') as batch:
        batch.add_column(sa.Column('implicit_requires', types.Json))
