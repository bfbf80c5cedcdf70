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

"""Translated templates make stacks: through the embedded service (API,
in-process transport, engine), each reaches CREATE_COMPLETE, with the
OpenStack types heat-vision has no plugin for mapped to stand-ins
through the environment's resource_registry."""

import testscenarios

from heat_vision import translators
from tests import base
from tests import fixtures as hv_fixtures
from tests.unit.translators import cases

load_tests = testscenarios.load_tests_apply_scenarios

STACKS = (('tosca', 'compute_software'), ('tosca', 'csar_webapp'),
          ('tosca', 'scaling_policies'), ('tosca', 'nested_topology'),
          ('tosca', 'network_lb'), ('tosca', 'nfv_vnf'),
          ('tosca', 'functions_1_3'), ('tosca', 'sol001_vnf'),
          ('tosca', 'sol001_csar'), ('tosca', 'sol001_scaling'),
          ('tosca', 'senlin_cluster'), ('tosca', 'reservation_lease'),
          ('cfn', 'functions_and_types'), ('camp', 'pdp_package'),
          ('camp', 'implicit_host'))
#: Values of the parameters a case has no default for.
PARAMETERS = {'sol001_vnf': {'fw_outside_network': 'public'},
              'reservation_lease': {
                  'lease_id': '6b0c0a52-0d0c-4c3e-9a1e-3f2b8e0c7d11'}}


class TestTranslatedStacks(base.TestCase):

    scenarios = [('%s/%s' % (fmt, case), {'fmt': fmt, 'case': case})
                 for fmt, case in STACKS]

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_create_complete(self):
        document, files, filename, _exp = cases.load(self.fmt, self.case)
        result = translators.load(self.fmt).translate(
            document, files=files, filename=filename)
        name = 'translated_%s' % self.case
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': result.template,
            'files': result.files, 'environment': cases.STAND_IN_ENV,
            'parameters': PARAMETERS.get(self.case, {})})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        listed = self.service.request(
            'GET', '/v1/demo/stacks/%s/%s/resources' % (
                name, response.json['stack']['id']))
        self.assertEqual(200, listed.status_int, listed.body)
        states = {r['resource_name']: r['resource_status']
                  for r in listed.json['resources']}
        active = {n for n, r in result.template['resources'].items()
                  if 'condition' not in r}
        self.assertLessEqual(active, set(states))
        for resource, status in states.items():
            self.assertEqual('CREATE_COMPLETE', status, resource)


class TestScaledGroup(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_group_has_default_instances_members(self):
        document, files, filename, _exp = cases.load('tosca',
                                                     'scaling_policies')
        result = translators.load('tosca').translate(document, files=files)
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'scaled', 'template': result.template,
            'files': result.files, 'environment': cases.STAND_IN_ENV})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'scaled')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        shown = self.service.request('GET', '/v1/demo/stacks/scaled/%s' %
                                     response.json['stack']['id'])
        outputs = {o['output_key']: o['output_value']
                   for o in shown.json['stack']['outputs']}
        # default_instances: 2 -> two members, each giving its address.
        self.assertEqual(2, len(outputs['worker_ips']))
