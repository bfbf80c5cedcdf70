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

"""Index the stack's template columns.

``purge_deleted`` looks for raw templates that no stack uses, and the
foreign keys look up the stacks of each template it deletes. MariaDB
indexes a foreign key by itself (and gives its index up for these);
PostgreSQL and sqlite would scan the stack table for each template.

Revision ID: 0014_stack_template_index
Revises: 0013_stack_trust
Create Date: 2026-12-02
"""

from alembic import op

revision = '0014_stack_template_index'
down_revision = '0013_stack_trust'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_stack_raw_template_id', 'stack', ['raw_template_id'])
    op.create_index('ix_stack_prev_raw_template_id', 'stack',
                    ['prev_raw_template_id'])
