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

"""A tenant's text cannot forge a record in the service's log."""

from tests.functional.security import base

FORGED = 'FORGED 2026-12-02 00:00:00.000 1 ERROR heat_vision.engine x'


class LogInjectionTest(base.SecurityTestCase):

    def test_a_failure_reason_with_line_breaks_stays_on_its_line(self):
        # The nested template's type name is quoted in the failure reason
        # that the engine logs twice (resource failed, stack failed).
        nested = ('heat_template_version: 2021-04-16\n'
                  'resources:\n  x:\n    type: "Bad\\n%s\\r\\n%s"\n'
                  % (FORGED, FORGED))
        stack = self.create_stack({
            'heat_template_version': '2021-04-16',
            'resources': {'n': {'type': 'OS::Heat::Stack',
                                'properties': {'template': nested}}}})
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        # The API still answers with the reason as the tenant wrote it.
        self.assertIn('Bad\n%s\r\n' % FORGED, stack['stack_status_reason'])
        log = self.service.process.log()
        quoted = [line for line in log.splitlines()
                  if stack['id'] in line and 'Bad\\n' + FORGED in line]
        self.assertEqual(2, len(quoted), log[-4000:])
        self.assertIn('Bad\\n%s\\r\\n%s' % (FORGED, FORGED), quoted[-1])
        self.assertEqual([], [line for line in log.splitlines()
                              if line.startswith('FORGED')])
        self.assertServiceHealthy()
