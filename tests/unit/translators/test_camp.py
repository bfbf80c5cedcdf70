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

"""CAMP corners the conformance cases do not isolate: a PDP's camp.mf
(the digests it lists are checked, its lines must be OVF manifest lines,
the files it names must be in the package) and which requirement types
place an artifact."""

import hashlib

from heat_vision.common import exception
from heat_vision.translators.camp import manifest
from heat_vision.translators.camp import translator
from tests import base

PLAN = b'camp_version: CAMP 1.1\n'


def line(name, content):
    return 'SHA256(%s)= %s' % (name, hashlib.sha256(content).hexdigest())


class TestManifest(base.TestCase):

    def test_matching_digests_pass(self):
        manifest.check({'camp.yaml': PLAN, 'camp.mf':
                        (line('camp.yaml', PLAN) + '\n\n').encode()})

    def test_no_manifest_no_check(self):
        manifest.check({'camp.yaml': PLAN})

    def test_a_file_the_manifest_names_must_be_there(self):
        exc = self.assertRaises(
            exception.TranslationError, manifest.check,
            {'camp.yaml': PLAN,
             'camp.mf': '\n'.join([line('camp.yaml', PLAN),
                                   line('gone.sh', b'x')]).encode()})
        self.assertEqual('camp.mf:2', exc.path)
        self.assertIn('"gone.sh" is not in the package', str(exc))

    def test_a_line_of_another_form_is_refused(self):
        exc = self.assertRaises(
            exception.TranslationError, manifest.check,
            {'camp.yaml': PLAN, 'camp.mf': b'MD5(camp.yaml)= abc\n'})
        self.assertEqual('camp.mf:1', exc.path)


class TestPlacingRequirements(base.TestCase):

    def test_which_requirement_types_place_an_artifact(self):
        placing = ('com.java:HostOn', 'org.rpm:Install',
                   'org.sql:ExecuteAt', 'x:deploy_on', 'x:hosted_on',
                   'x:app_deploy_on', 'x:RunOn', 'x:deployed_to')
        other = ('com.java.jdbc:ConnectTo', 'x:connect_to', 'x:UsesCache',
                 'x:reinstallation', 'x:hostname')
        for rtype in placing:
            self.assertTrue(translator.HOSTING.search(
                rtype.split(':')[-1]), rtype)
        for rtype in other:
            self.assertIsNone(translator.HOSTING.search(
                rtype.split(':')[-1]), rtype)
