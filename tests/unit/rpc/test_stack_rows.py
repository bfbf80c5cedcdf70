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


import datetime
import json

from heat_vision.db import stacks as db_stacks
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.rpc import stack_rows
from tests import base

CREATED = datetime.datetime(2026, 12, 5, 10, 0, 0)


def _row(**values):
    row = dict(id='7d5b3e44-7b5b-4dc4-a4a4-0f7c8a1c5f01', name='web',
               description=None, project_id='p1', username='alice',
               action='CREATE', status='COMPLETE', status_reason=None,
               owner_id=None, tags=None, created_at=CREATED,
               updated_at=None, deleted_at=None)
    row.update(values)
    full = dict.fromkeys(db_stacks._STACK_COLUMNS)
    full.update(row)
    return db_stacks.StackRow(full)


ROWS = [
    _row(),
    _row(id='a1', name='n a/me', description='d', action='UPDATE',
         status='FAILED', status_reason='why',
         updated_at=CREATED + datetime.timedelta(seconds=5),
         owner_id='parent-id', tags='a,b', project_id='p2'),
    _row(id='a2', action='DELETE', deleted_at=CREATED, tags=''),
]


class StackRowsTest(base.TestCase):

    def test_rows_make_the_engine_summaries(self):
        answer = formatters.format_stack_summary_rows(ROWS)
        for include_project in (False, True):
            self.assertEqual(
                [formatters.format_stack_summary(
                    row, include_project=include_project) for row in ROWS],
                stack_rows.to_summaries(answer, include_project))

    def test_fields_are_found_by_name(self):
        answer = formatters.format_stack_summary_rows(ROWS)
        answer['fields'].reverse()
        for row in answer['rows']:
            row.reverse()
        self.assertEqual([formatters.format_stack_summary(row)
                          for row in ROWS],
                         stack_rows.to_summaries(answer))

    def test_the_answer_is_plain_json(self):
        answer = formatters.format_stack_summary_rows(ROWS)
        self.assertEqual(answer, json.loads(json.dumps(answer)))
