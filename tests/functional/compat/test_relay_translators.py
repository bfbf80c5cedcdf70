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

"""The relay with the real translators, over HTTP, to created stacks.

A real ``heat-vision-all`` (noauth): a TOSCA service template (as the
request body, and as a CSAR upload) and a CAMP plan (registered as a
PDP, then instantiated) go through the relay's routes, are translated
by the installed ``tosca`` and ``camp`` translators, and become stacks
that reach CREATE_COMPLETE. heat-vision has no Nova here, so the
request maps ``OS::Nova::Server`` and ``OS::Heat::SoftwareDeployment``
to provider templates of its own through its environment, as a Heat
user would. Then back: the original document as it was sent, the stack
shown, listed and deleted by heatclient like any other, and deleted
through the relay.
"""

import json
import os

from heatclient import client as heat_client
from heatclient import exc as heat_exc
import requests

from tests.functional.compat import base
from tests.unit.translators import cases
from tests import waiting

SERVER = '''heat_template_version: 2021-04-16
description: stands in for a Nova server
parameters:
  flavor: {type: string}
  image: {type: string}
  user_data_format: {type: string, default: HEAT_CFNTOOLS}
resources:
  port:
    type: OS::Heat::Value
    properties:
      value: {list_join: ['', ['192.0.2.', {get_param: flavor}]]}
outputs:
  first_address: {value: {get_attr: [port, value]}}
'''

DEPLOYMENT = '''heat_template_version: 2021-04-16
description: stands in for a software deployment
parameters:
  config: {type: string}
  server: {type: string}
  actions: {type: comma_delimited_list, default: [CREATE]}
  input_values: {type: json, default: {}}
resources:
  applied:
    type: OS::Heat::Value
    properties:
      type: json
      value: {get_param: input_values}
outputs:
  deploy_status_code: {value: 0}
'''

VDU = '''heat_template_version: 2021-04-16
description: stands in for the server of a VDU
parameters:
  flavor: {type: string}
  image: {type: string}
  name: {type: string}
  networks: {type: json, default: []}
  user_data_format: {type: string, default: HEAT_CFNTOOLS}
resources:
  booted:
    type: OS::Heat::Value
    properties: {value: {get_param: image}}
'''

STAND_INS = {
    'environment': json.dumps({'resource_registry': {
        'OS::Nova::Server': 'stand_in/server.yaml',
        'OS::Heat::SoftwareDeployment': 'stand_in/deployment.yaml'}}),
    'files': json.dumps({'stand_in/server.yaml': SERVER,
                         'stand_in/deployment.yaml': DEPLOYMENT}),
}

TOSCA = '''tosca_definitions_version: tosca_simple_yaml_1_3
description: one small server
topology_template:
  inputs:
    label:
      type: string
      default: web
      constraints: [{min_length: 2}]
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties: {num_cpus: 1, mem_size: 512 MB}
        os:
          properties: {type: linux, distribution: cirros}
  outputs:
    address: {value: {get_attribute: [server, private_address]}}
    label: {value: {get_input: label}}
'''


class RelayTranslatorsTest(base.ServiceTestCase):

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.relay = self.service.endpoint + '/relay'
        self.heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                       token='compat-token')
        self.http = requests.Session()
        self.addCleanup(self.http.close)

    def settled(self, ref, status):
        """Wait for the stack ``ref`` to leave IN_PROGRESS in ``status``."""
        def done():
            stack = self.heat.stacks.get(ref)
            if not stack.stack_status.endswith('IN_PROGRESS'):
                return stack
        stack = waiting.wait_until(done, timeout=120)
        self.assertIsNotNone(stack, '%s still in progress' % ref)
        self.assertEqual(status, stack.stack_status,
                         stack.stack_status_reason)
        return stack

    def created(self, name):
        return self.settled(name, 'CREATE_COMPLETE')

    def updated(self, stack_id):
        return self.settled(stack_id, 'UPDATE_COMPLETE')

    def outputs(self, stack):
        shown = self.heat.stacks.get(stack.id)
        return {o['output_key']: o['output_value'] for o in shown.outputs}

    def original(self, stack):
        response = self.http.get('%s/stacks/%s/%s/original' % (
            self.relay, stack.stack_name, stack.id), timeout=30)
        self.assertEqual(200, response.status_code, response.text)
        return response

    def gone(self, stack_id):
        def deleted():
            try:
                return self.heat.stacks.get(
                    stack_id).stack_status == 'DELETE_COMPLETE'
            except heat_exc.HTTPNotFound:
                return True
        self.assertTrue(waiting.wait_until(deleted, timeout=120))

    def test_tosca_yaml_body(self):
        name = self.unique('tosca')
        response = self.http.post(
            self.relay + '/tosca/stacks', data=TOSCA.encode(),
            params=dict(STAND_INS, stack_name=name, filename='server.yaml',
                        parameters=json.dumps({'label': 'relayed'})),
            headers={'Content-Type': 'application/yaml'}, timeout=60)
        self.assertEqual(201, response.status_code, response.text)
        self.assertIn(response.json()['stack']['id'],
                      response.headers['Location'])
        stack = self.created(name)
        # m1.tiny is what 1 CPU and 512 MB select.
        self.assertEqual({'address': '192.0.2.m1.tiny', 'label': 'relayed'},
                         self.outputs(stack))
        template = self.heat.stacks.template(stack.id)
        self.assertEqual('2021-04-16', template['heat_template_version'])
        self.assertEqual('OS::Nova::Server',
                         template['resources']['server']['type'])

        back = self.original(stack)
        self.assertEqual(TOSCA, back.text)
        self.assertEqual('tosca', back.headers['X-Relay-Format'])
        self.assertIn('server.yaml', back.headers['Content-Disposition'])

        listed = self.heat.stacks.list(tags='relay:tosca')
        self.assertIn(stack.id, [s.id for s in listed])
        resources = {r.resource_name: (r.resource_type, r.resource_status)
                     for r in self.heat.resources.list(stack.id)}
        self.assertEqual({'server': ('OS::Nova::Server', 'CREATE_COMPLETE')},
                         resources)

        # An ordinary stack: heatclient deletes it.
        self.heat.stacks.delete(stack.id)
        self.gone(stack.id)

    def test_native_update_keeps_the_original(self):
        """A PUT that keeps the translated template keeps the original;
        one that replaces the template drops it (the stack is no longer
        made from that document); the relay tag stays either way.
        """
        name = self.unique('put')
        response = self.http.post(
            self.relay + '/tosca/stacks', data=TOSCA.encode(),
            params=dict(STAND_INS, stack_name=name), timeout=60)
        self.assertEqual(201, response.status_code, response.text)
        stack = self.created(name)
        template = self.heat.stacks.template(stack.id)
        stand_ins = json.loads(STAND_INS['files'])
        environment = json.loads(STAND_INS['environment'])

        # As heatclient's "stack update -t" sends it: template, files,
        # environment and parameters, the files replacing the old ones.
        self.heat.stacks.update(stack.id, template=template,
                                files=stand_ins, environment=environment,
                                parameters={'label': 'renamed'})
        stack = self.updated(stack.id)
        self.assertEqual('renamed', self.outputs(stack)['label'])
        self.assertEqual(TOSCA, self.original(stack).text)
        self.assertIn('relay-original/tosca/tosca.yaml',
                      self.heat.stacks.files(stack.id))

        native = {'heat_template_version': '2021-04-16',
                  'resources': {'only': {'type': 'OS::Heat::None'}}}
        self.heat.stacks.update(stack.id, template=native)
        stack = self.updated(stack.id)
        response = self.http.get('%s/stacks/%s/%s/original' % (
            self.relay, name, stack.id), timeout=30)
        self.assertEqual(404, response.status_code, response.text)
        self.assertIn('replaced its template',
                      response.json()['error']['message'])
        self.assertEqual({}, self.heat.stacks.files(stack.id))
        self.assertIn('relay:tosca', self.heat.stacks.get(stack.id).tags)
        self.heat.stacks.delete(stack.id)
        self.gone(stack.id)

    def test_tosca_csar_upload(self):
        name = self.unique('csar')
        document, _files, _name, _exp = cases.load('tosca', 'csar_webapp')
        response = self.http.post(
            self.relay + '/tosca/stacks',
            data=dict(STAND_INS, stack_name=name,
                      parameters=json.dumps({'site_name': 'shop'})),
            files={'template': ('webapp.csar', document,
                                'application/zip')}, timeout=60)
        self.assertEqual(201, response.status_code, response.text)
        stack = self.created(name)
        self.assertEqual({'url': 'http://192.0.2.m1.small/shop'},
                         self.outputs(stack))
        resources = {r.resource_name: r.resource_status
                     for r in self.heat.resources.list(stack.id)}
        self.assertEqual(7, len(resources), resources)
        self.assertEqual({'CREATE_COMPLETE'}, set(resources.values()))
        # The CSAR's scripts went along as the stack's files.
        files = self.heat.stacks.files(stack.id)
        self.assertIn('Scripts/nginx_install.sh', files)

        back = self.original(stack)
        self.assertEqual(document, back.content)
        self.assertEqual('application/zip', back.headers['Content-Type'])

        # Deleted through the relay, gone for the native API too.
        deleted = self.http.delete('%s/tosca/stacks/%s/%s' % (
            self.relay, name, stack.id), timeout=30)
        self.assertEqual(204, deleted.status_code, deleted.text)
        self.gone(stack.id)
        self.assertNotIn(stack.id, [s.id for s in self.heat.stacks.list()])

    def test_sol001_vnf_package(self):
        """An ETSI SOL 001 VNF package (CSAR): its VNF node a nested stack
        of its deployment flavour; the OpenStack types heat-vision has no
        cloud for here stand in through the environment.
        """
        name = self.unique('vnf')
        document, _files, _name, _exp = cases.load('tosca', 'sol001_csar')
        registry = dict(cases.STAND_INS,
                        **{'OS::Nova::Server': 'stand_in/vdu.yaml'})
        response = self.http.post(
            self.relay + '/tosca/stacks',
            data={'stack_name': name,
                  'environment': json.dumps(
                      {'resource_registry': registry}),
                  'files': json.dumps({'stand_in/vdu.yaml': VDU})},
            files={'template': ('probe.csar', document, 'application/zip')},
            timeout=60)
        self.assertEqual(201, response.status_code, response.text)
        stack = self.created(name)
        vnf = self.heat.resources.get(stack.id, 'vnf')
        self.assertEqual('example.vnf.Probe.yaml', vnf.resource_type)
        nested = {r.resource_name: r.resource_type for r in
                  self.heat.resources.list(vnf.physical_resource_id)}
        self.assertEqual('OS::Nova::Server', nested['probe'])
        self.assertEqual({'probe', 'probe_flavor', 'probe_cp',
                          'capture_net', 'capture_net_subnet'},
                         set(nested))
        self.heat.stacks.delete(stack.id)
        self.gone(stack.id)

    def test_error_in_a_packaged_file_names_the_file(self):
        # The package again, with one mistake in the flavour's file.
        folder = os.path.join(self.service.dir, 'broken_csar')
        source = os.path.join(cases.ROOT, 'tosca', 'sol001_csar', 'csar')
        for root, _dirs, names in os.walk(source):
            for fname in names:
                rel = os.path.relpath(os.path.join(root, fname), source)
                with open(os.path.join(root, fname)) as handle:
                    text = handle.read()
                if rel.endswith('example_vnf_flavour.yaml'):
                    text = text.replace('num_virtual_cpu: 2',
                                        'num_virtual_cpu: two')
                os.makedirs(os.path.dirname(os.path.join(folder, rel)),
                            exist_ok=True)
                with open(os.path.join(folder, rel), 'w') as handle:
                    handle.write(text)
        response = self.http.post(
            self.relay + '/tosca/stacks',
            data={'stack_name': self.unique('broken')},
            files={'template': ('probe.csar', cases.zip_dir(folder),
                                'application/zip')}, timeout=60)
        self.assertEqual(400, response.status_code, response.text)
        error = response.json()['error']
        self.assertEqual('TranslationError', error['type'])
        self.assertTrue(error['message'].startswith(
            'Definitions/example_vnf_flavour.yaml:topology_template.'
            'node_templates.probe.capabilities.virtual_compute'),
            error['message'])

    def test_cli_tosca_with_an_environment(self):
        """``heat-vision stack create --template-format tosca -e``: the
        environment and the provider template it names go along.
        """
        name = self.unique('cli')
        folder = self.service.dir
        for filename, text in (
                ('tosca.yaml', TOSCA), ('server.yaml', SERVER),
                ('env.yaml', 'resource_registry:\n'
                             '  OS::Nova::Server: server.yaml\n')):
            with open(os.path.join(folder, filename), 'w') as handle:
                handle.write(text)
        out = base.heat_vision(
            '--os-endpoint', self.service.endpoint, 'stack',
            'create', name, '--template-format', 'tosca',
            '-t', os.path.join(folder, 'tosca.yaml'),
            '-e', os.path.join(folder, 'env.yaml'),
            '--parameter', 'label=cli', '--wait', '-f', 'json')
        self.assertIn('192.0.2.m1.tiny', out)
        stack = self.created(name)
        self.assertEqual({'address': '192.0.2.m1.tiny', 'label': 'cli'},
                         self.outputs(stack))
        self.assertEqual(TOSCA, self.original(stack).text)
        self.heat.stacks.delete(stack.id)
        self.gone(stack.id)

    def test_tosca_translation_error_names_the_path(self):
        broken = TOSCA.replace('tosca.nodes.Compute', 'tosca.nodes.Nope')
        response = self.http.post(
            self.relay + '/tosca/stacks', data=broken.encode(),
            params={'stack_name': self.unique('bad')}, timeout=60)
        self.assertEqual(400, response.status_code, response.text)
        error = response.json()['error']
        self.assertEqual('TranslationError', error['type'])
        self.assertIn('topology_template.node_templates.server',
                      error['message'])

    def test_camp_pdp_to_assembly_and_back(self):
        document, _files, _name, _exp = cases.load('camp', 'pdp_package')
        camp = self.relay + '/camp/v1_1'
        registered = self.http.post(
            camp + '/plans', data=document,
            headers={'Content-Type': 'application/zip'}, timeout=60)
        self.assertEqual(201, registered.status_code, registered.text)
        plan_uri = registered.headers['Location']
        self.addCleanup(self.http.delete, plan_uri, timeout=30)

        name = self.unique('camp')
        made = self.http.post(camp + '/assemblies', json={
            'plan_uri': plan_uri, 'name': name,
            'environment': json.loads(STAND_INS['environment']),
            'files': json.loads(STAND_INS['files'])}, timeout=60)
        self.assertEqual(201, made.status_code, made.text)
        assembly_uri = made.headers['Location']
        stack = self.created(name)
        self.assertTrue(assembly_uri.endswith(stack.id))
        self.assertEqual({'app_address': '192.0.2.m1.small',
                          'db_address': '192.0.2.m1.medium'},
                         self.outputs(stack))

        assembly = self.http.get(assembly_uri, timeout=30)
        self.assertEqual(200, assembly.status_code, assembly.text)
        self.assertEqual('assembly', assembly.json()['type'])

        back = self.original(stack)
        self.assertEqual('camp', back.headers['X-Relay-Format'])
        self.assertIn('camp_version: CAMP 1.1', back.text)
        self.assertIn(stack.id, [s.id for s in self.heat.stacks.list()])
        # The TOSCA route deletes only stacks made from TOSCA.
        refused = self.http.delete('%s/tosca/stacks/%s' % (
            self.relay, name), timeout=30)
        self.assertEqual(404, refused.status_code, refused.text)

        deleted = self.http.delete(assembly_uri, timeout=30)
        self.assertEqual(204, deleted.status_code, deleted.text)
        self.gone(stack.id)
