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

"""Index task jobs by status and next run.

The conductors of a Redis jobboard look every half second for the runs
that are due (``heat_vision.tasks.due``): the jobs waiting for a run that
starts by then. The index by status alone is a prefix of this one.

Revision ID: 0016_task_job_due_index
Revises: 0015_taskflow_parent_index
Create Date: 2026-12-03
"""

from alembic import op

revision = '0016_task_job_due_index'
down_revision = '0015_taskflow_parent_index'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_task_job_status_next_run', 'task_job',
                    ['status', 'next_run_at'])
    op.drop_index('ix_task_job_status', table_name='task_job')
