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

"""The sample CEPs' command lines: their documented defaults."""

from heat_vision.cmd import cep
from tests import base


class SampleCepArgsTest(base.TestCase):

    def test_each_sample_listens_on_its_documented_port(self):
        # README: heat-vision-cep-eca on 8787, heat-vision-cep-mape on
        # 8788 (examples/templates/cep-mape.yaml's default cep_url).
        self.assertEqual(8787, cep.eca_parser().parse_args([]).port)
        self.assertEqual(8788, cep.mape_parser().parse_args([]).port)

    def test_mape_target_is_in_the_metric_units(self):
        args = cep.mape_parser().parse_args([])
        self.assertEqual(60, args.target)

    def test_replay_memory_lives_in_a_state_dir(self):
        for parser in (cep.eca_parser(), cep.mape_parser()):
            args = parser.parse_args(['--state-dir', self.state_dir])
            self.assertEqual(self.state_dir, args.state_dir)
            self.assertIn('.heat-vision', parser.parse_args([]).state_dir)
