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

"""heatclient's stack list filters and software deployments."""

from heatclient import exc as heat_exc

from tests.functional.compat import test_heatclient


class HeatclientListFilterTest(test_heatclient.HeatclientTestCase):

    def test_tag_filters(self):
        tag = self.unique('tag')
        tagged, _ = self.create(tags='%s,common' % tag)
        plain, _ = self.create()

        def names(**filters):
            return {s.stack_name for s in self.heat.stacks.list(
                filters=filters)}

        self.assertEqual({tagged}, names(tags=tag))
        self.assertEqual({tagged}, names(tags_any='%s,nope' % tag))
        self.assertNotIn(tagged, names(not_tags_any=tag))
        self.assertIn(plain, names(not_tags='%s,common' % tag))

    def test_global_tenant_needs_admin(self):
        self.assertRaises(heat_exc.HTTPForbidden, list,
                          self.heat.stacks.list(global_tenant=True))


class HeatclientDeploymentTest(test_heatclient.HeatclientTestCase):

    def test_lifecycle(self):
        config = self.heat.software_configs.create(
            name=self.unique('cfg'), group='script', config='echo hi',
            inputs=[{'name': 'foo'}])
        server_id = self.unique('server')
        deployment = self.heat.software_deployments.create(
            config_id=config.id, server_id=server_id,
            input_values={'foo': 'bar'}, action='CREATE',
            status='IN_PROGRESS')
        self.assertEqual('IN_PROGRESS', deployment.status)
        self.assertEqual(
            [deployment.id],
            [d.id for d in self.heat.software_deployments.list(
                server_id=server_id)])
        [deployed] = self.heat.software_deployments.metadata(server_id)
        self.assertEqual(config.id, deployed['id'])
        self.assertEqual('bar', deployed['inputs'][0]['value'])
        updated = self.heat.software_deployments.update(
            deployment.id, status='COMPLETE',
            output_values={'result': 'ok'})
        self.assertEqual('COMPLETE', updated.status)
        self.assertEqual({'result': 'ok'},
                         self.heat.software_deployments.get(
                             deployment.id).output_values)
        self.heat.software_deployments.delete(deployment.id)
        self.assertRaises(heat_exc.HTTPNotFound,
                          self.heat.software_deployments.get, deployment.id)
        self.heat.software_configs.delete(config.id)
