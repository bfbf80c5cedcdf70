"""Smoke test of growth: work per resource must not grow with the stack.

Not a timing test: it compares the work of a 500-resource stack with a
50-resource one (x10) in two measures that a busy machine barely moves:
SQL statements executed, and the CPU seconds this process spends (the
embedded engine runs in it). Linear growth gives about 10; a read of the
whole stack per resource or polling that grows with the resources in
progress gives about 100. The bounds leave room for noise and fixed
costs, and catch the quadratic case: with a read of the stack's
resource rows added to every resource create, the CPU ratio went from
about 5 to 43 and the test failed. ``benchmarks/bench_matrix.py``
measures the real figures.
"""

import time

import sqlalchemy as sa

from heat_vision.db import api as db_api
from tests import base
from tests import fixtures as hv_fixtures

SMALL, LARGE = 50, 500
STATEMENT_RATIO = 12
CPU_RATIO = 30
TYPES = ('OS::Heat::None', 'OS::Heat::TestResource',
         'OS::Heat::RandomString', 'HeatVision::Test::Polled')


class GrowthTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(enable_test_resource_types=True)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.statements = 0

        def count(*args):
            self.statements += 1

        engine = db_api.get_engine()
        sa.event.listen(engine, 'before_cursor_execute', count)
        self.addCleanup(sa.event.remove, engine, 'before_cursor_execute',
                        count)
        self.made = 0

    def create_and_delete(self, type_name, count):
        """:returns: (statements, CPU seconds) of create then delete."""
        self.made += 1
        name = 'g%d' % self.made
        template = {'heat_template_version': '2021-04-16', 'resources': {
            'r%d' % i: {'type': type_name} for i in range(count)}}
        statements, cpu = self.statements, time.process_time()
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', name, timeout=300)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))
        path = '/v1/demo/stacks/%s/%s' % (name, stack['id'])
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', name, timeout=300).status_int)
        return self.statements - statements, time.process_time() - cpu

    def test_work_grows_linearly_for_every_type(self):
        for type_name in TYPES:
            small = self.create_and_delete(type_name, SMALL)
            large = self.create_and_delete(type_name, LARGE)
            # The status polls of the test itself are statements too:
            # they grow with the wall time, so the bound allows for them.
            self.assertLess(large[0] / small[0], STATEMENT_RATIO,
                            '%s: statements %d -> %d' % (
                                type_name, small[0], large[0]))
            self.assertLess(large[1] / small[1], CPU_RATIO,
                            '%s: CPU %.2fs -> %.2fs' % (
                                type_name, small[1], large[1]))
