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

"""The CAMP 1.1 relay routes, end to end through the embedded service."""

import hashlib
import os
from urllib import parse

import webob

from tests import base
from tests.component.relay import standin
from tests.component.relay import test_tosca
from tests import fixtures as hv_fixtures
from tests.unit.translators import cases

CAMP = '/v1/demo/relay/camp'
V1_1 = CAMP + '/v1_1'
PLAN = b'''camp_version: CAMP 1.1
name: shop
description: a web shop
artifacts:
  - name: front
    artifact_type: com.example.war
    content: {href: shop.war}
  - name: store
    artifact_type: com.example.sql
    content: {href: schema.sql}
'''


class CampRelayTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(standin.Translators())
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def request(self, method, path, **kwargs):
        return self.service.request(method, path, **kwargs)

    def register(self, raw, content_type='application/x-yaml'):
        return self.request('POST', V1_1 + '/plans', raw=raw,
                            headers={'Content-Type': content_type})

    def test_platform(self):
        endpoints = self.request('GET', CAMP)
        self.assertEqual(200, endpoints.status_int, endpoints.body)
        self.assertEqual('platform_endpoints', endpoints.json['type'])
        [link] = endpoints.json['platform_endpoint_links']
        # platform_endpoints -> platform_endpoint -> platform, as CAMP's
        # type definitions link them.
        endpoint = self.get(link['href'])
        self.assertEqual('platform_endpoint', endpoint['type'])
        self.assertEqual('CAMP 1.1', endpoint['specification_version'])
        self.assertEqual(link['href'], endpoint['uri'])
        platform = self.get(endpoint['platform_uri'])
        self.assertEqual('platform', platform['type'])
        self.assertEqual('CAMP 1.1', platform['specification_version'])
        self.assertTrue(platform['plans_uri'].endswith(V1_1 + '/plans'))
        self.assertTrue(platform['assemblies_uri'].endswith(
            V1_1 + '/assemblies'))
        self.assertEqual('NONE', platform['representation_skew'])
        self.assertEqual(endpoints.json['uri'],
                         platform['platform_endpoints_uri'])
        # Every URI the platform names answers with a resource of the
        # type it names.
        for key, kind, links in (
                ('services_uri', 'services', 'service_links'),
                ('extensions_uri', 'extensions', 'extension_links'),
                ('type_definitions_uri', 'type_definitions',
                 'type_definition_links'),
                ('supported_formats_uri', 'formats', 'format_links')):
            found = self.get(platform[key])
            self.assertEqual(kind, found['type'], key)
            self.assertIsInstance(found[links], list)
        [json_format] = self.get(platform['supported_formats_uri'])[
            'format_links']
        self.assertEqual('application/json',
                         self.get(json_format['href'])['mime_type'])
        for collection in ('plans_uri', 'assemblies_uri'):
            definitions = self.get(self.get(platform[collection])[
                'parameter_definitions_uri'])
            self.assertEqual('parameter_definitions', definitions['type'])
            for link in definitions['parameter_definition_links']:
                self.assertEqual('parameter_definition',
                                 self.get(link['href'])['type'])
        required = [link['target_name'] for link in self.get(
            V1_1 + '/assemblies/parameter_definitions')[
                'parameter_definition_links'] if link['required']]
        self.assertEqual(['plan_uri'], required)
        self.assertEqual(404, self.request(
            'GET', V1_1 + '/formats/XML').status_int)

    def test_auth_scheme_is_the_one_in_use(self):
        # noauth: no scheme to name (the attribute is optional in CAMP).
        endpoint = self.get(CAMP + '/v1_1_endpoint')
        self.assertNotIn('auth_scheme', endpoint)
        # The service was built with noauth; the option is read per
        # request, so the shape under keystone is seen through HTTP too.
        self.flags(group='api', auth_strategy='keystone')
        endpoint = self.get(CAMP + '/v1_1_endpoint')
        self.assertEqual('KEYSTONE-3.0', endpoint['auth_scheme'])

    def test_links_behind_a_path_prefix(self):
        # Under a web server at /heat-vision-api, public_endpoint holds
        # the prefix and the request's SCRIPT_NAME does too: a link
        # names it once.
        self.flags(group='api',
                   public_endpoint='http://cloud.example/heat-vision-api')
        request = webob.Request.blank(CAMP, base_url=(
            'http://cloud.example/heat-vision-api'))
        response = request.get_response(self.service.app)
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual(
            'http://cloud.example/heat-vision-api' + CAMP,
            response.json['uri'])

    def get(self, uri):
        response = self.request('GET', parse.urlsplit(uri).path)
        self.assertEqual(200, response.status_int, response.body)
        return response.json

    def test_plan_to_assembly_and_back(self):
        response = self.register(PLAN)
        self.assertEqual(201, response.status_int, response.body)
        plan = response.json
        self.assertEqual(('plan', 'shop', 'a web shop'),
                         (plan['type'], plan['name'], plan['description']))
        self.assertEqual('CAMP 1.1', plan['camp_version'])
        self.assertEqual(['front', 'store'],
                         [a['name'] for a in plan['artifacts']])
        self.assertEqual({'href': 'shop.war'},
                         plan['artifacts'][0]['content'])
        self.assertEqual(plan['uri'], response.location)
        listed = self.request('GET', V1_1 + '/plans').json
        self.assertEqual([plan['uri']],
                         [link['href'] for link in listed['plan_links']])

        response = self.request('POST', V1_1 + '/assemblies',
                                body={'plan_uri': plan['uri']})
        self.assertEqual(201, response.status_int, response.body)
        assembly = response.json
        self.assertEqual('assembly', assembly['type'])
        self.assertEqual('CREATING', assembly['representation_skew'])
        self.assertEqual(plan['uri'], assembly['plan_uri'])
        stack = self.service.wait_for_stack('demo', assembly['name'])
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertIn('relay:camp', stack['tags'])

        shown = self.request('GET', response.location).json
        self.assertEqual('CREATE_COMPLETE', shown['status'])
        self.assertEqual('NONE', shown['representation_skew'])
        # Components are links to component resources.
        self.assertEqual({'front', 'store'},
                         {c['target_name'] for c in shown['components']})
        for link in shown['components']:
            component = self.get(link['href'])
            self.assertEqual(('component', link['target_name']),
                             (component['type'], component['name']))
            self.assertEqual('CREATE_COMPLETE', component['status'])
            self.assertEqual([response.location], [
                a['href'] for a in component['assemblies']])
            self.assertTrue(component['external_management_resource']
                            .endswith('/resources/' + component['name']))
        self.assertEqual(404, self.request(
            'GET', response.location + '/components/nope').status_int)
        listed = self.request('GET', V1_1 + '/assemblies').json
        self.assertEqual([response.location], [
            link['href'] for link in listed['assembly_links']])
        original = self.request('GET', '/v1/demo/relay/stacks/%s/original'
                                % assembly['name'])
        self.assertEqual(PLAN, original.body)

        deleted = self.request('DELETE', response.location)
        self.assertEqual(204, deleted.status_int, deleted.body)
        gone = self.service.wait_for_stack('demo', assembly['name'])
        self.assertEqual(404, gone.status_int)

        self.assertEqual(204, self.request('DELETE', plan['uri']).status_int)
        self.assertEqual(404, self.request('GET', plan['uri']).status_int)

    def test_deploy_by_value(self):
        # The plan itself as the body of the assemblies' POST: an assembly
        # and no registered plan.
        response = self.request(
            'POST', V1_1 + '/assemblies?name=byvalue', raw=PLAN,
            headers={'Content-Type': 'application/x-yaml'})
        self.assertEqual(201, response.status_int, response.body)
        assembly = response.json
        self.assertEqual(('assembly', 'byvalue'),
                         (assembly['type'], assembly['name']))
        self.assertIsNone(assembly.get('plan_uri'))
        stack = self.service.wait_for_stack('demo', 'byvalue')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual([], self.request(
            'GET', V1_1 + '/plans').json['plan_links'])
        # A PDP by value, its digests checked like a registered one's.
        pdp = test_tosca.csar(('camp.yaml', PLAN), ('shop.war', 'war'),
                              ('schema.sql', 'create table t (i int);'),
                              ('camp.mf', 'SHA256(shop.war)= %s\n'
                               % ('0' * 64)))
        response = self.request(
            'POST', V1_1 + '/assemblies', raw=pdp,
            headers={'Content-Type': 'application/zip'})
        self.assertEqual(400, response.status_int)
        self.assertIn('camp.mf:1', response.json['error']['message'])
        response = self.request(
            'POST', V1_1 + '/assemblies', raw=b'not: [a plan',
            headers={'Content-Type': 'application/x-yaml'})
        self.assertEqual(400, response.status_int)

    def test_json_patch_of_an_assembly(self):
        response = self.request(
            'POST', V1_1 + '/assemblies?name=patched', raw=PLAN,
            headers={'Content-Type': 'application/x-yaml'})
        self.assertEqual(201, response.status_int, response.body)
        uri = parse.urlsplit(response.location).path
        self.service.wait_for_stack('demo', 'patched')

        def patch(operations, content_type='application/json-patch+json'):
            return self.request('PATCH', uri, body=operations,
                                headers={'Content-Type': content_type})

        done = patch([{'op': 'test', 'path': '/tags', 'value': []},
                      {'op': 'add', 'path': '/tags/-', 'value': 'blue'},
                      {'op': 'replace', 'path': '/description',
                       'value': 'the blue shop'}])
        self.assertEqual(200, done.status_int, done.body)
        self.assertEqual(['blue'], done.json['tags'])
        stack = self.service.wait_for_stack('demo', 'patched')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'])
        self.assertIn('relay:camp', stack['tags'])
        shown = self.get(uri)
        self.assertEqual(('the blue shop', ['blue']),
                         (shown['description'], shown['tags']))
        # A failed test is a conflict; the name (the stack's) and what
        # the platform keeps are not the consumer's to change.
        self.assertEqual(409, patch([{'op': 'test', 'path': '/tags',
                                      'value': []}]).status_int)
        refused = patch([{'op': 'replace', 'path': '/name', 'value': 'x'}])
        self.assertEqual(403, refused.status_int)
        self.assertIn('name', refused.json['error']['message'])
        self.assertEqual(403, patch([{'op': 'remove',
                                      'path': '/components'}]).status_int)
        self.assertEqual(400, patch([{'op': 'jump', 'path': '/tags'}])
                         .status_int)
        self.assertEqual(400, patch([{'op': 'add', 'path': '/tags/-',
                                      'value': 'relay:tosca'}]).status_int)
        self.assertEqual(415, patch([], 'application/json').status_int)

    def test_json_patch_of_a_plan(self):
        plan_uri = self.register(PLAN).json['uri']

        def patch(uri, operations,
                  content_type='application/json-patch+json'):
            return self.request('PATCH', parse.urlsplit(uri).path,
                                body=operations,
                                headers={'Content-Type': content_type})

        done = patch(plan_uri, [
            {'op': 'test', 'path': '/name', 'value': 'shop'},
            {'op': 'replace', 'path': '/description',
             'value': 'the green shop'},
            {'op': 'add', 'path': '/tags', 'value': ['green']},
            {'op': 'remove', 'path': '/artifacts/1'}])
        self.assertEqual(200, done.status_int, done.body)
        # Registered anew (software configs never change in place): the
        # old URI is gone, the new one says what the patch made.
        new_uri = done.headers['Content-Location']
        self.assertNotEqual(plan_uri, new_uri)
        self.assertEqual(new_uri, done.json['uri'])
        self.assertEqual(404, self.request(
            'GET', parse.urlsplit(plan_uri).path).status_int)
        shown = self.get(new_uri)
        self.assertEqual(('shop', 'the green shop', ['green'], ['front']),
                         (shown['name'], shown['description'],
                          shown['tags'],
                          [a['name'] for a in shown['artifacts']]))
        self.assertEqual('CAMP 1.1', shown['camp_version'])
        # The patched plan deploys.
        made = self.request('POST', V1_1 + '/assemblies',
                            body={'plan_uri': new_uri, 'name': 'green'})
        self.assertEqual(201, made.status_int, made.body)
        self.service.wait_for_stack('demo', 'green')
        # While an assembly made from it lives, the plan stays as it is.
        refused = patch(new_uri, [{'op': 'replace', 'path': '/name',
                                   'value': 'other'}])
        self.assertEqual(409, refused.status_int, refused.body)
        self.assertIn('green', refused.json['error']['message'])
        self.assertEqual('shop', self.get(new_uri)['name'])
        self.assertEqual(204, self.request('DELETE', made.location)
                         .status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'green').status_int)
        # What the platform keeps is not the consumer's; bad values and
        # bad patches are 400, a failed test 409, another media type 415.
        for operations, status in (
                ([{'op': 'replace', 'path': '/camp_version',
                   'value': 'CAMP 1.0'}], 403),
                ([{'op': 'replace', 'path': '/uri', 'value': 'x'}], 403),
                ([{'op': 'remove', 'path': '/name'}], 400),
                ([{'op': 'replace', 'path': '/tags', 'value': 'green'}],
                 400),
                ([{'op': 'jump', 'path': '/name'}], 400),
                ([{'op': 'test', 'path': '/name', 'value': 'x'}], 409)):
            response = patch(new_uri, operations)
            self.assertEqual(status, response.status_int,
                             '%s: %s' % (operations, response.body))
        self.assertEqual(415, patch(new_uri, [], 'application/json')
                         .status_int)
        self.assertEqual(200, self.request(
            'GET', parse.urlsplit(new_uri).path).status_int)

    def test_unsupported_media_types_are_415(self):
        response = self.register(PLAN, 'application/x-www-form-urlencoded')
        self.assertEqual(415, response.status_int, response.body)
        self.assertIn('application/x-yaml', response.json['error']['message'])
        self.assertEqual(201, self.register(PLAN, 'application/yaml')
                         .status_int)
        plan_uri = self.register(PLAN).json['uri']
        response = self.request(
            'POST', V1_1 + '/assemblies', raw=b'plan_uri=' + plan_uri.encode(),
            headers={'Content-Type': 'text/plain'})
        self.assertEqual(415, response.status_int, response.body)
        self.assertIn('application/json', response.json['error']['message'])

    def test_a_plan_with_assemblies_is_not_deleted(self):
        plan_uri = self.register(PLAN).json['uri']
        made = self.request('POST', V1_1 + '/assemblies',
                            body={'plan_uri': plan_uri, 'name': 'kept'})
        self.assertEqual(201, made.status_int, made.body)
        self.service.wait_for_stack('demo', 'kept')
        response = self.request('DELETE', plan_uri)
        self.assertEqual(409, response.status_int, response.body)
        self.assertIn('kept', response.json['error']['message'])
        self.assertEqual(200, self.request('GET', plan_uri).status_int)

        self.assertEqual(204, self.request('DELETE', made.location)
                         .status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'kept').status_int)
        self.assertEqual(204, self.request('DELETE', plan_uri).status_int)

    def test_pdp(self):
        pdp = test_tosca.csar(('camp.yaml', PLAN), ('shop.war', 'war'),
                              ('schema.sql', 'create table t (i int);'))
        response = self.register(pdp, 'application/zip')
        self.assertEqual(201, response.status_int, response.body)
        self.assertEqual(['schema.sql', 'shop.war'], response.json['files'])

        response = self.register(test_tosca.csar(('plan.yaml', PLAN)),
                                 'application/zip')
        self.assertEqual(400, response.status_int)
        self.assertIn('camp.yaml', response.json['error']['message'])

    def test_select_attr_returns_only_the_named_attributes(self):
        # CAMP 1.1 7.3.1: comma-separated, may repeat [PR-08, PR-10]; an
        # attribute the resource lacks is 400 [PR-09].
        platform = self.request(
            'GET', V1_1 + '/platform?select_attr=name,type'
            '&select_attr=specification_version')
        self.assertEqual(200, platform.status_int, platform.body)
        self.assertEqual({'name', 'type', 'specification_version'},
                         set(platform.json))
        self.assertEqual('platform', platform.json['type'])
        plan = self.register(PLAN)
        uri = parse.urlsplit(plan.headers['Location']).path
        shown = self.request('GET', uri + '?select_attr=name')
        self.assertEqual({'name': 'shop'}, shown.json)
        bad = self.request('GET', uri + '?select_attr=name,colour')
        self.assertEqual(400, bad.status_int)
        self.assertIn('colour', bad.json['error']['message'])
        formats = self.request('GET', V1_1 + '/formats?select_attr=type')
        self.assertEqual({'type': 'formats'}, formats.json)

    def test_a_pdp_whose_digests_do_not_match_is_refused(self):
        # CAMP 1.1: a PDP may carry a manifest of its files' digests; the
        # relay checks it as template translate does.
        war = b'\x00binary war\xff'
        good = hashlib.sha256(war).hexdigest()
        manifest = 'SHA256(shop.war)= %s\n' % good
        response = self.register(test_tosca.csar(
            ('camp.yaml', PLAN), ('shop.war', war),
            ('schema.sql', 'create table t (i int);'),
            ('camp.mf', manifest)), 'application/zip')
        self.assertEqual(201, response.status_int, response.body)
        response = self.register(test_tosca.csar(
            ('camp.yaml', PLAN), ('shop.war', war + b'tampered'),
            ('schema.sql', 'create table t (i int);'),
            ('camp.mf', manifest)), 'application/zip')
        self.assertEqual(400, response.status_int)
        self.assertIn('camp.mf:1', response.json['error']['message'])
        self.assertIn('shop.war', response.json['error']['message'])

    def test_the_pdp_the_cli_refuses_is_refused_alike(self):
        # The conformance case template translate refuses (its tests in
        # tests/component/cli/test_translate.py): the same 400 here.
        pdp = cases.zip_dir(os.path.join(cases.ROOT, 'camp',
                                         'neg_pdp_digest', 'pdp'))
        expected = cases.load('camp', 'neg_pdp_digest')[3]
        response = self.register(pdp, 'application/zip')
        self.assertEqual(400, response.status_int, response.body)
        message = response.json['error']['message']
        self.assertIn(expected['path'], message)
        self.assertIn(expected['message'], message)
        self.assertEqual([], self.request('GET', V1_1 + '/plans').json[
            'plan_links'])

    def test_bad_plans(self):
        response = self.register(PLAN.replace(b'CAMP 1.1', b'CAMP 1.0'))
        self.assertEqual(400, response.status_int)
        self.assertIn('camp_version', response.json['error']['message'])
        response = self.register(PLAN.replace(b'- name: store',
                                              b'- label: store'))
        self.assertEqual(400, response.status_int)
        self.assertIn('artifacts[1].name', response.json['error']['message'])
        self.flags(group='relay', max_plans=1)
        self.assertEqual(201, self.register(PLAN).status_int)
        self.assertEqual(400, self.register(PLAN).status_int)

    def test_what_is_not_camp_is_not_found(self):
        config = self.request('POST', '/v1/demo/software_configs', body={
            'name': 'script', 'group': 'script', 'config': 'echo'}).json
        self.assertEqual(404, self.request(
            'GET', V1_1 + '/plans/' + config['software_config']['id'])
            .status_int)
        self.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'native', 'template': {
                'heat_template_version': '2021-04-16'}})
        stack = self.service.wait_for_stack('demo', 'native')
        self.assertEqual(404, self.request(
            'GET', V1_1 + '/assemblies/' + stack['id']).status_int)
        response = self.request('POST', V1_1 + '/assemblies',
                                body={'plan_uri': 7})
        self.assertEqual(400, response.status_int)
        self.assertIn('plan_uri', response.json['error']['message'])
