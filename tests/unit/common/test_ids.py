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

"""Stack and resource ids read from the random source in blocks."""

import os
from unittest import mock
import uuid

from heat_vision.common import ids
from tests import base


class GenerateUuidTest(base.TestCase):

    def setUp(self):
        super().setUp()
        ids._reset()
        self.addCleanup(ids._reset)

    def test_version_4_uuids_all_different(self):
        made = [ids.generate_uuid() for _ in range(3 * ids._BLOCK + 5)]
        self.assertEqual(len(made), len(set(made)))
        for value in made[:3] + made[-3:]:
            parsed = uuid.UUID(value)
            self.assertEqual(4, parsed.version)
            self.assertEqual(value, str(parsed))

    def test_the_source_is_read_once_per_block(self):
        with mock.patch.object(ids.os, 'urandom',
                               side_effect=os.urandom) as urandom:
            for _ in range(2 * ids._BLOCK + 1):
                ids.generate_uuid()
        self.assertEqual(3, urandom.call_count)
        urandom.assert_called_with(16 * ids._BLOCK)

    def test_a_forked_child_does_not_reuse_the_parents_bytes(self):
        ids.generate_uuid()
        left = ids._STATE['bytes'][ids._STATE['used']:]
        # What os.register_at_fork runs in a child.
        ids._reset()
        self.assertNotEqual(left[:16],
                            uuid.UUID(ids.generate_uuid()).bytes[:16])
        self.assertEqual(16, ids._STATE['used'])
