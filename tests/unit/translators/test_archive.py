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

"""Archives (CSAR, PDP) are read within bounds, nothing outside them."""

import io
import os
import stat
import zipfile

from heat_vision.common import exception
from heat_vision import translators
from heat_vision.translators import archive
from tests import base

TOSCA = (b'tosca_definitions_version: tosca_simple_yaml_1_0\n'
         b'topology_template:\n  node_templates:\n'
         b'    s:\n      type: tosca.nodes.Compute\n'
         b'      capabilities: {os: {properties: {distribution: cirros}}}\n')


def make_zip(entries, links=()):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
        for name, target in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return buf.getvalue()


class TestArchive(base.TestCase):

    def test_reads_entries(self):
        data = make_zip({'a/b.txt': b'x', 'c.yaml': b'y'})
        self.assertTrue(archive.is_zip(data))
        self.assertEqual({'a/b.txt': b'x', 'c.yaml': b'y'},
                         archive.read(data))

    def test_traversal_is_refused(self):
        for name in ('../evil.sh', 'a/../../evil.sh', '/etc/passwd',
                     'C:/x'):
            exc = self.assertRaises(exception.TranslationError,
                                    archive.read, make_zip({name: b'x'}))
            self.assertEqual(name, exc.path)

    def test_links_are_refused(self):
        exc = self.assertRaises(exception.TranslationError, archive.read,
                                make_zip({}, links=[('l', '/etc/passwd')]))
        self.assertIn('links', str(exc))

    def test_too_many_entries(self):
        self.flags(max_archive_entries=3, group='translators')
        data = make_zip({'f%d' % i: b'' for i in range(4)})
        exc = self.assertRaises(exception.TranslationError, archive.read,
                                data)
        self.assertIn('more than 3 entries', str(exc))

    def test_zip_bomb_is_refused_before_expanding(self):
        self.flags(max_archive_uncompressed_size=64 * 1024,
                   group='translators')
        data = make_zip({'bomb': b'\0' * (10 * 1024 * 1024)})
        self.assertLess(len(data), 64 * 1024)
        exc = self.assertRaises(exception.TranslationError, archive.read,
                                data)
        self.assertIn('expands to more than', str(exc))

    def test_too_large_archive(self):
        self.flags(max_archive_size=2048, group='translators')
        data = make_zip({'f': os.urandom(4096)})
        self.assertRaises(exception.TranslationError, archive.read, data)

    def test_not_a_zip(self):
        self.assertRaises(exception.TranslationError, archive.read,
                          b'PK\x03\x04garbage')


class TestCsar(base.TestCase):

    def translate(self, entries):
        return translators.load('tosca').translate(make_zip(entries))

    def test_single_root_yaml_without_metadata(self):
        result = self.translate({'service.yaml': TOSCA})
        self.assertEqual('OS::Nova::Server',
                         result.template['resources']['s']['type'])

    def test_metadata_entry_must_exist(self):
        exc = self.assertRaises(
            exception.TranslationError, self.translate,
            {'TOSCA-Metadata/TOSCA.meta': b'Entry-Definitions: nope.yaml\n',
             'service.yaml': TOSCA})
        self.assertEqual('TOSCA-Metadata/TOSCA.meta', exc.path)

    def test_ambiguous_root_without_metadata(self):
        self.assertRaises(exception.TranslationError, self.translate,
                          {'a.yaml': TOSCA, 'b.yaml': TOSCA})

    def test_traversal_inside_csar_is_refused(self):
        exc = self.assertRaises(exception.TranslationError, self.translate,
                                {'service.yaml': TOSCA,
                                 '../../tmp/x.sh': b'x'})
        self.assertIn('leaves the archive', str(exc))

    def test_unusable_file_name_is_a_400(self):
        exc = self.assertRaises(exception.TranslationError, self.translate,
                                {'service.yaml': TOSCA, 'x' * 300: b'x'})
        self.assertIn('cannot be used as a file name', str(exc))

    def test_file_and_directory_of_one_name(self):
        exc = self.assertRaises(exception.TranslationError,
                                translators.load('tosca').translate,
                                TOSCA, files={'a': 'x', 'a/b': 'y'})
        self.assertIn('cannot be used as a file name', str(exc))

    def test_pdp_needs_camp_yaml(self):
        exc = self.assertRaises(exception.TranslationError,
                                translators.load('camp').translate,
                                make_zip({'plan.yaml': b'x: 1'}))
        self.assertIn('camp.yaml', str(exc))
