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

"""The TOSCA relay routes, end to end through the embedded service."""

import io
import zipfile

from oslo_serialization import jsonutils

from tests import base
from tests.component.relay import standin
from tests import fixtures as hv_fixtures

TOSCA = b'''tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    size: {type: string, default: small}
  node_templates:
    web: {type: tosca.nodes.Root}
    db: {type: tosca.nodes.Root}
'''
RELAY = '/v1/demo/relay/tosca'


def csar(*members):
    data = io.BytesIO()
    with zipfile.ZipFile(data, 'w') as archive:
        for name, content in members:
            archive.writestr(name, content)
    return data.getvalue()


def multipart(fields, filename, content):
    boundary = 'relay-test-boundary'
    parts = []
    for key, value in fields.items():
        parts.append(('--%s\r\nContent-Disposition: form-data; '
                      'name="%s"\r\n\r\n%s\r\n' % (boundary, key, value))
                     .encode())
    parts.append(('--%s\r\nContent-Disposition: form-data; name="template"; '
                  'filename="%s"\r\nContent-Type: application/zip\r\n\r\n'
                  % (boundary, filename)).encode() + content + b'\r\n')
    parts.append(('--%s--\r\n' % boundary).encode())
    return (b''.join(parts),
            'multipart/form-data; boundary=%s' % boundary)


class ToscaRelayTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(standin.Translators())
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def post(self, route, raw, query='', content_type='application/yaml',
             headers=None):
        return self.service.request(
            'POST', '%s/%s%s' % (RELAY, route, query), raw=raw,
            headers=dict(headers or {}, **{'Content-Type': content_type}))

    def test_create_from_yaml_and_read_the_original(self):
        params = jsonutils.dumps({'size': 'large'})
        response = self.post('stacks', TOSCA, '?stack_name=topo&parameters='
                             + params)
        self.assertEqual(201, response.status_int, response.body)
        stack_id = response.json['stack']['id']
        self.assertIn('/v1/demo/stacks/topo/' + stack_id, response.location)
        stack = self.service.wait_for_stack('demo', 'topo')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertIn('relay:tosca', stack['tags'])
        self.assertEqual('large', stack['parameters']['size'])

        # An ordinary stack to the native API, its resources translated.
        listed = self.service.request(
            'GET', '/v1/demo/stacks/topo/%s/resources' % stack_id).json
        self.assertEqual(['db', 'web'], sorted(
            r['resource_name'] for r in listed['resources']))

        original = self.service.request(
            'GET', '/v1/demo/relay/stacks/topo/%s/original' % stack_id)
        self.assertEqual(200, original.status_int, original.body)
        self.assertEqual(TOSCA, original.body)
        self.assertEqual('tosca', original.headers['X-Relay-Format'])
        self.assertEqual('application/yaml', original.content_type)
        by_name = self.service.request(
            'GET', '/v1/demo/relay/stacks/topo/original')
        self.assertEqual(TOSCA, by_name.body)

    def test_links_use_the_request_host(self):
        response = self.post('stacks', TOSCA, '?stack_name=hosted',
                             headers={'Host': 'heat.example.com:8004'})
        self.assertEqual(201, response.status_int, response.body)
        stack_id = response.json['stack']['id']
        expected = 'http://heat.example.com:8004/v1/demo/stacks/hosted/' + \
            stack_id
        self.assertEqual(expected, response.location)
        self.assertEqual(expected, response.json['stack']['links'][0]['href'])
        self.service.wait_for_stack('demo', 'hosted')

    def test_create_from_csar_upload(self):
        archive = csar(('TOSCA-Metadata/TOSCA.meta', 'Entry-Definitions: '
                        'service.yaml\n'), ('service.yaml', TOSCA))
        body, content_type = multipart({'stack_name': 'packaged'},
                                       'service.csar', archive)
        response = self.post('stacks', body, content_type=content_type)
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'packaged')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        original = self.service.request(
            'GET', '/v1/demo/relay/stacks/packaged/original')
        self.assertEqual(archive, original.body)
        self.assertEqual('application/zip', original.content_type)
        self.assertIn('service.csar',
                      original.headers['Content-Disposition'])

    def test_translate_validate_preview(self):
        translated = self.post('translate', TOSCA)
        self.assertEqual(200, translated.status_int, translated.body)
        self.assertEqual({'db', 'web'},
                         set(translated.json['template']['resources']))
        self.assertEqual(['size'], translated.json['inputs'])
        self.assertEqual('topology_template.node_templates.web',
                         translated.json['source_map']['resources.web'])

        validated = self.post('validate', TOSCA)
        self.assertEqual(200, validated.status_int, validated.body)
        self.assertEqual('small',
                         validated.json['Parameters']['size']['Default'])

        preview = self.post('preview', TOSCA, '?stack_name=maybe')
        self.assertEqual(200, preview.status_int, preview.body)
        self.assertEqual({'db', 'web'}, {
            r['resource_name'] for r in preview.json['stack']['resources']})
        missing = self.service.request('GET', '/v1/demo/stacks/maybe')
        self.assertEqual(404, missing.status_int)

    def test_translation_error_names_the_path(self):
        bad = TOSCA.replace(b'db: {type: tosca.nodes.Root}',
                            b'db: {type: example.Unknown}')
        response = self.post('stacks', bad, '?stack_name=bad')
        self.assertEqual(400, response.status_int, response.body)
        self.assertEqual('TranslationError', response.json['error']['type'])
        self.assertIn('topology_template.node_templates.db.type',
                      response.json['error']['message'])

    def test_bad_requests(self):
        response = self.post('stacks', TOSCA)
        self.assertEqual(400, response.status_int)
        self.assertIn('stack_name', response.json['error']['message'])

        response = self.post('stacks', b'', '?stack_name=x')
        self.assertEqual(400, response.status_int)

        response = self.post('stacks', b'\xff\xfe', '?stack_name=x')
        self.assertEqual(400, response.status_int)
        self.assertIn('UTF-8', response.json['error']['message'])

        response = self.post('stacks', TOSCA, '?stack_name=x&parameters=[1]')
        self.assertEqual(400, response.status_int)
        self.assertIn('parameters', response.json['error']['message'])

        response = self.service.request('GET', RELAY + '/stacks')
        self.assertEqual(405, response.status_int)
        self.assertEqual('POST', response.headers['Allow'])

    def test_archives_are_bounded(self):
        self.flags(group='relay', max_archive_members=2)
        response = self.post('translate', csar(
            ('a.yaml', TOSCA), ('b.yaml', ''), ('c.yaml', '')),
            content_type='application/zip')
        self.assertEqual(400, response.status_int)
        self.assertIn('3 files', response.json['error']['message'])

        self.flags(group='relay', max_archive_expanded_size=4096)
        response = self.post('translate', csar(('a.yaml', 'x' * 5000)),
                             content_type='application/zip')
        self.assertEqual(413, response.status_int)

        response = self.post('translate', csar(('../up.yaml', TOSCA)),
                             content_type='application/zip')
        self.assertEqual(400, response.status_int)
        self.assertIn('leaves the archive', response.json['error']['message'])

        self.flags(group='relay', max_document_size=1024)
        response = self.post('translate', TOSCA + b'#' * 2000)
        self.assertEqual(413, response.status_int)

    def test_authorisation(self):
        response = self.post('stacks', TOSCA, '?stack_name=x',
                             headers={'X-Roles': 'reader'})
        self.assertEqual(403, response.status_int)
        response = self.post('translate', TOSCA,
                             headers={'X-Roles': 'reader'})
        self.assertEqual(200, response.status_int)

    def test_original_of_a_native_stack_is_404(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'plain', 'template': {
                'heat_template_version': '2021-04-16'}})
        self.assertEqual(201, response.status_int, response.body)
        response = self.service.request(
            'GET', '/v1/demo/relay/stacks/plain/original')
        self.assertEqual(404, response.status_int)
        response = self.service.request(
            'GET', '/v1/demo/relay/stacks/nothing/original')
        self.assertEqual(404, response.status_int)


class RealToscaFilesTest(base.TestCase):
    """``files`` beside a YAML document reach the real TOSCA translator,
    and a field is bounded by ``[relay] max_document_size``, not 64 KiB.
    """

    DOCUMENT = b'''tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - types.yaml
topology_template:
  node_templates:
    big: {type: example.nodes.Big}
'''
    # As large as ETSI's etsi_nfv_sol001_vnfd_types.yaml (67 KB).
    TYPES = ('''tosca_definitions_version: tosca_simple_yaml_1_3
description: %s
node_types:
  example.nodes.Big:
    derived_from: tosca.nodes.network.Network
''' % ('x' * 70000))

    def setUp(self):
        super().setUp()
        self.useFixture(standin.Translators(names=('camp',),
                                            real=('cfn', 'tosca')))
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def translate(self, files):
        body, content_type = multipart(
            {'files': jsonutils.dumps(files)}, 'service.yaml',
            self.DOCUMENT)
        return self.service.request(
            'POST', RELAY + '/translate', raw=body,
            headers={'Content-Type': content_type})

    def test_files_reach_the_translator(self):
        response = self.translate({'types.yaml': self.TYPES})
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual('OS::Neutron::Net', response.json['template'][
            'resources']['big']['type'])

    def test_a_field_is_bounded_by_the_document_limit(self):
        self.flags(group='relay', max_document_size=200000)
        response = self.translate({'types.yaml': self.TYPES})
        self.assertEqual(200, response.status_int, response.body)
        response = self.service.request(
            'POST', RELAY + '/translate?files=' + 'x' * 200001,
            raw=self.DOCUMENT, headers={'Content-Type': 'application/yaml'})
        self.assertEqual(400, response.status_int)
        self.assertIn('max_document_size', response.json['error']['message'])


class NoTranslatorTest(base.TestCase):

    def test_a_format_without_translator_is_501(self):
        self.useFixture(standin.Translators(names=('camp',)))
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        response = service.request(
            'POST', RELAY + '/translate', raw=TOSCA,
            headers={'Content-Type': 'application/yaml'})
        self.assertEqual(501, response.status_int, response.body)
        self.assertEqual('FormatUnavailable', response.json['error']['type'])
        self.assertIn('tosca', response.json['error']['message'])
