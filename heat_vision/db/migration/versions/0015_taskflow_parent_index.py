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

"""Index TaskFlow's details by parent; drop the details sqlite left.

A run's flow detail and atom details are read, and deleted with the
run's logbook, by their parent's uuid; TaskFlow's schema indexes that
column only where MySQL adds an index for the foreign key. On sqlite the
task system's connections did not enforce foreign keys, so a logbook
deleted after its run left its details behind: they are deleted here.

Revision ID: 0015_taskflow_parent_index
Revises: 0014_stack_template_index
Create Date: 2026-12-02
"""

from alembic import op

revision = '0015_taskflow_parent_index'
down_revision = '0014_stack_template_index'
branch_labels = None
depends_on = None


def upgrade():
    op.execute('DELETE FROM flowdetails WHERE NOT EXISTS (SELECT 1 FROM '
               'logbooks WHERE logbooks.uuid = flowdetails.parent_uuid)')
    op.execute('DELETE FROM atomdetails WHERE NOT EXISTS (SELECT 1 FROM '
               'flowdetails WHERE flowdetails.uuid = atomdetails.parent_uuid)')
    op.create_index('ix_flowdetails_parent_uuid', 'flowdetails',
                    ['parent_uuid'])
    op.create_index('ix_atomdetails_parent_uuid', 'atomdetails',
                    ['parent_uuid'])
