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

from unittest import mock

from heat_vision.cli import graph
from heat_vision.cli import http
from tests.component.cli import fakes

RESOURCES = [
    fakes.resource('net', required_by=['server'], stack_ref='web/1111'),
    fakes.resource('server', 'CREATE_FAILED', stack_ref='web/1111'),
    fakes.resource('group', 'CREATE_IN_PROGRESS', stack_ref='web/1111',
                   nested='web-group/2222'),
    fakes.resource('0', required_by=['1'], stack_ref='web-group/2222'),
    fakes.resource('1', stack_ref='web-group/2222'),
]


class TestBuildGraph(fakes.base.TestCase):

    def setUp(self):
        super().setUp()
        self.graph = graph.build_graph('web', '1111', RESOURCES)

    def test_edges_follow_required_by_within_each_stack(self):
        self.assertEqual([('n1', 'n2', ''), ('n4', 'n5', ''),
                          ('n3', 'n4', 'nested'), ('n3', 'n5', 'nested')],
                         self.graph.edges)

    def test_nested_resources_are_clustered_under_their_owner(self):
        self.assertEqual({'2222': ('group', ['n4', 'n5'])},
                         dict(self.graph.clusters))

    def test_dot(self):
        dot = graph.to_dot(self.graph)
        self.assertTrue(dot.startswith('digraph "web" {'))
        self.assertIn('n2 [label="server\\nOS::Heat::None\\nCREATE_FAILED",'
                      ' fillcolor="#ffcdd2"];', dot)
        self.assertIn('subgraph cluster_1 {', dot)
        self.assertIn('n3 -> n4 [style=dashed];', dot)

    def test_mermaid(self):
        text = graph.to_mermaid(self.graph)
        self.assertTrue(text.startswith('flowchart LR\n'))
        self.assertIn('n1 --> n2', text)
        self.assertIn('n3 -.-> n4', text)
        self.assertIn('subgraph s1 ["group"]', text)
        self.assertIn('n3["group<br/>OS::Heat::None<br/>'
                      'CREATE_IN_PROGRESS"]:::in_progress', text)

    def test_implicit_dependencies_are_drawn_as_such(self):
        subnet = fakes.resource('subnet', required_by=['port', 'iface'],
                                rtype='OS::Neutron::Subnet')
        subnet['implicit_required_by'] = ['port']
        found = graph.build_graph('net', 'x', [
            subnet, fakes.resource('port', rtype='OS::Neutron::Port'),
            fakes.resource('iface', rtype='OS::Neutron::RouterInterface')])
        self.assertEqual([('n1', 'n2', 'implicit'), ('n1', 'n3', '')],
                         found.edges)
        dot = graph.to_dot(found)
        self.assertIn('n1 -> n2 [style=dotted, label="implicit"];', dot)
        self.assertIn('n1 -> n3;', dot)
        self.assertIn('n1 -. implicit .-> n2', graph.to_mermaid(found))

    def test_quotes_are_escaped(self):
        odd = graph.build_graph('a"b', 'x', [fakes.resource('r"1')])
        self.assertIn('digraph "a\\"b"', graph.to_dot(odd))
        self.assertIn('r#quot;1', graph.to_mermaid(odd))

    @mock.patch('shutil.which', return_value=None)
    def test_svg_without_graphviz_is_a_clean_error(self, _which):
        error = self.assertRaises(http.CLIError, graph.to_svg, self.graph)
        self.assertIn('Graphviz', str(error))

    @mock.patch('shutil.which', return_value='/usr/bin/dot')
    @mock.patch('subprocess.run')
    def test_svg_through_dot(self, run, _which):
        run.return_value = mock.Mock(returncode=0, stdout='<svg/>')
        self.assertEqual('<svg/>', graph.to_svg(self.graph))
        self.assertEqual(['/usr/bin/dot', '-Tsvg'], run.call_args[0][0])


class TestGraphCommand(fakes.CLITestCase):

    def test_mermaid_to_stdout_with_nested_depth(self):
        self.heat.add_stack(fakes.stack())
        self.heat.add('GET', 'stacks/web/1111/resources',
                      (200, {'resources': RESOURCES}))
        out = self.run_ok('stack', 'graph', 'web', '--format', 'mermaid',
                          '-n', '3')
        self.assertIn('n1 --> n2', out)
        self.assertEqual({'nested_depth': ['3']}, self.heat.calls(
            'GET', 'stacks/web/1111/resources')[0].query)
