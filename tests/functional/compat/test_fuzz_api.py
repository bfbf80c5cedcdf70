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

"""Fuzz the API from its OpenAPI description with schemathesis.

One test per operation of ``doc/api/openapi.yaml``, against a real
heat-vision-all. Schemathesis generates requests from the description;
every response must not be a 500, must have a documented status and
content type, and must match its documented schema. (Rejecting a
schema-valid request is fine: a template's meaning is not in a schema.)

Random names mostly meet 404s, so half of the cases address a real stack
(created once per class, with resources, events and outputs) and real
names of its parts; bodies that carry a template get a valid one half of
the time. Bounded: ``HV_FUZZ_EXAMPLES`` examples per operation (20).
"""

import os
import re

import hypothesis
from hypothesis import strategies as st
import requests
import schemathesis
from schemathesis import checks
from schemathesis.core import failures
import yaml

from tests.functional.compat import base
from tests import waiting

DOCUMENT = os.path.join(base.HERE, '..', '..', '..', 'doc', 'api',
                        'openapi.yaml')
EXAMPLES = int(os.environ.get('HV_FUZZ_EXAMPLES', 20))
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance,
          checks.response_headers_conformance,
          checks.response_schema_conformance]
# Operations that end the real stack go last (tests run in name order
# within a class: the prefix orders them).
LAST = re.compile(r'^(DELETE .*/stacks/\{stack_name\}/\{stack_id\}'
                  r'(/abandon)?|.* .*/actions)$')


def load_schema():
    with open(DOCUMENT) as f:
        return schemathesis.openapi.from_dict(yaml.safe_load(f))


class FuzzAPITest(base.ServiceTestCase):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.real = cls._create_real_stack()

    @classmethod
    def _create_real_stack(cls):
        session = requests.Session()
        session.headers['X-Auth-Token'] = 'fuzz'
        endpoint = cls.service.endpoint
        name = 'fuzzed'
        response = session.post(endpoint + '/stacks', json={
            'stack_name': name, 'template': base.TEMPLATE}, timeout=60)
        response.raise_for_status()
        stack_id = response.json()['stack']['id']
        waiting.wait_until(lambda: session.get(
            '%s/stacks/%s/%s' % (endpoint, name, stack_id), timeout=30
        ).json()['stack']['stack_status'] == 'CREATE_COMPLETE')
        events = session.get('%s/stacks/%s/%s/resources/echo/events' % (
            endpoint, name, stack_id), timeout=30)
        event_ids = [e['id'] for e in events.json().get('events', [])] \
            if events.ok else []
        return {
            'tenant_id': base.TENANT, 'stack_name': name,
            'stack_id': stack_id, 'resource_name': 'echo',
            'output_key': 'echoed',
            'event_id': event_ids[0] if event_ids else 'none',
            'type_name': 'OS::Heat::Value',
            'template_version': 'heat_template_version.2021-04-16',
        }

    def fuzz(self, operation):
        base_url = self.service.root
        real = self.real

        def aim(case, use_real):
            if use_real:
                for key in list(case.path_parameters or {}):
                    if key in real:
                        case.path_parameters[key] = real[key]
                if isinstance(case.body, dict) and 'template' in case.body:
                    case.body['template'] = base.TEMPLATE
            return case

        @hypothesis.settings(
            max_examples=EXAMPLES, deadline=None, database=None,
            derandomize=True,
            phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
            suppress_health_check=list(hypothesis.HealthCheck))
        @hypothesis.given(case=st.builds(aim, operation.as_strategy(),
                                         st.booleans()))
        def run(case):
            case.call_and_validate(base_url=base_url, timeout=60,
                                   headers={'X-Auth-Token': 'fuzz'},
                                   checks=CHECKS)

        try:
            run()
        except failures.FailureGroup as group:
            # A BaseException: testtools would end the whole run on it.
            raise AssertionError(str(group)) from None


def _test_name(index, operation):
    words = re.sub(r'[^A-Za-z0-9]+', '_', operation.path).strip('_')
    return 'test_%02d_%s_%s' % (index, operation.method.lower(), words)


def _add_tests():
    operations = [result.ok() for result in
                  load_schema().get_all_operations()]
    label = '{} {}'.format
    operations.sort(key=lambda op: bool(LAST.match(
        label(op.method.upper(), op.path))))
    for index, operation in enumerate(operations):
        def test(self, operation=operation):
            self.fuzz(operation)
        test.__doc__ = label(operation.method.upper(), operation.path)
        setattr(FuzzAPITest, _test_name(index, operation), test)


_add_tests()
