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

"""The events a scaling claim owes the signals that took it.

``owed_events`` lists the events (their ids and the resources they go
on) that say what became of the signals that took the claim, so that an
engine taking the claim from a dead one writes the dead one's too, and
the ``Location`` that signal's caller was given resolves.

Revision ID: 0020_claim_owed_events
Revises: 0019_implicit_requires
Create Date: 2026-12-05
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0020_claim_owed_events'
down_revision = '0019_implicit_requires'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource_claim') as batch:
        batch.add_column(sa.Column('owed_events', types.Json))
