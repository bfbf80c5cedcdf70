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

"""A scaling policy's signed URL (alarm_url) through the HTTP API:
refused when forged, foreign, stale or revoked."""

import urllib.parse

from tests.component.engine import test_autoscaling

FORBIDDEN = 'The signal credential is missing or wrong'


class SignedUrlTest(test_autoscaling.ScalingTestBase):

    def setUp(self):
        super().setUp()
        self.url = self.create()['alarm_url']

    def assert_refused(self, url):
        response = self.signed(url)
        self.assertEqual(403, response.status_int, url)
        self.assertIn(FORBIDDEN, response.text)

    def test_wrong_truncated_or_missing_signature(self):
        base, signature = self.url.split('signature=')
        flipped = ('0' if signature[0] != '0' else '1') + signature[1:]
        for bad in (base + 'signature=' + flipped,
                    base + 'signature=' + signature[:-1],
                    base + 'signature=' + signature[:32],
                    base + 'signature=',
                    base.rstrip('?'),
                    base + 'signature=' + signature.upper()):
            self.assert_refused(bad)
        self.assertEqual(2, self.outputs()['size'])

    def test_another_stacks_policy_is_refused(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'other', 'template': test_autoscaling.TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        other_id = response.json['stack']['id']
        other = self.service.wait_for_stack('demo', 'other')
        self.assertEqual('CREATE_COMPLETE', other['stack_status'])
        other_url = [o['output_value'] for o in other['outputs']
                     if o['output_key'] == 'alarm_url'][0]
        # Its signature on our policy, and ours on its policy.
        self.assert_refused(self.url.split('?')[0] + '?' +
                            other_url.split('?')[1])
        self.assert_refused(self.url.replace(self.stack_id, other_id))
        self.assertEqual(202, self.signed(other_url).status_int)
        self.assertEqual(2, self.outputs()['size'])

    def test_deleted_policy_is_refused(self):
        template = test_autoscaling.TEMPLATE.replace(
            '  up:\n', '  up_gone:\n').replace('[up, ', '[up_gone, ')
        response = self.service.request('PATCH', self.path, body={
            'template': template})
        self.assertEqual(202, response.status_int, response.body)
        self.finish('UPDATE_COMPLETE')
        self.assert_refused(self.url)

    def test_deleted_stack_is_refused(self):
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'as').status_int)
        self.assert_refused(self.url)

    def test_rotation_revokes_earlier_urls(self):
        self.assertEqual(202, self.signed(self.url).status_int)
        response = self.service.request(
            'POST', '%s/resources/up/rotate_signal_url' % self.path)
        self.assertEqual(200, response.status_int, response.body)
        new_url = response.json['signed_url']
        self.assertNotEqual(self.url, new_url)
        self.assertEqual(new_url, self.outputs()['alarm_url'])
        self.assert_refused(self.url)
        self.assertEqual(202, self.signed(new_url).status_int)
        self.assertEqual(5, self.outputs()['size'])
        self.assertIn('Signal secret rotated', ' '.join(
            self.signal_reasons('up')))

    def refusals(self):
        return [r for r in self.signal_reasons('up')
                if r.startswith('Signal refused')]

    def test_a_rotated_away_url_is_refused_with_an_event(self):
        base, signature = self.url.split('signature=')
        forged = base + 'signature=' + (
            '0' if signature[0] != '0' else '1') + signature[1:]
        self.rotate()
        with self.assertLogs('heat_vision.engine.signals.delivery',
                             'WARNING') as logs:
            refused = self.signed(self.url)
        # The answer to any wrong credential (and to a stack that does
        # not exist).
        self.assertEqual((403, self.signed(forged).json),
                         (refused.status_int, refused.json))
        [reason] = self.refusals()
        self.assertIn('a request to its signed URL', reason)
        self.assertIn('rotated away at', reason)
        self.assertIn('rotated away', logs.output[0])
        # A URL never valid leaves nothing: only what was once issued.
        self.assertEqual(1, len(self.refusals()))
        # Rotated twice: the first URL is still known as rotated.
        second = self.rotate()
        self.assert_refused(self.url)
        self.assertEqual(2, len(self.refusals()))
        # A policy's signal is answered at once (202).
        self.assertEqual(202, self.signed(second).status_int)

    def rotate(self):
        response = self.service.request(
            'POST', '%s/resources/up/rotate_signal_url' % self.path)
        self.assertEqual(200, response.status_int, response.body)
        return response.json['signed_url']

    def test_rotation_of_what_has_no_url_or_is_not_yours(self):
        response = self.service.request(
            'POST', '%s/resources/group/rotate_signal_url' % self.path)
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('has no signed URL to rotate', response.text)
        response = self.service.request(
            'POST', '%s/resources/nope/rotate_signal_url' % self.path)
        self.assertEqual(404, response.status_int, response.body)
        response = self.service.request(
            'POST', '/v1/other/stacks/as/%s/resources/up/'
            'rotate_signal_url' % self.stack_id)
        self.assertEqual(404, response.status_int, response.body)
        # A reader may not revoke.
        response = self.service.request(
            'POST', '%s/resources/up/rotate_signal_url' % self.path,
            headers={'X-Roles': 'reader'})
        self.assertEqual(403, response.status_int, response.body)
        self.assert_unchanged()

    def assert_unchanged(self):
        parts = urllib.parse.urlsplit(self.url)
        self.assertEqual(parts.path, urllib.parse.urlsplit(
            self.outputs()['alarm_url']).path)
        self.assertEqual(self.url, self.outputs()['alarm_url'])


class GroupShowTest(test_autoscaling.ScalingTestBase):

    def test_group_state(self):
        self.create(group_cooldown=600)
        self.signal('up')
        self.signal('down')
        response = self.service.request('GET', '%s/resources/group/scaling'
                                        % self.path)
        self.assertEqual(200, response.status_int, response.body)
        group = response.json['scaling_group']
        self.assertEqual(4, group['current_size'])
        self.assertEqual((1, 5), (group['min_size'], group['max_size']))
        self.assertEqual(4, len(group['members']))
        self.assertEqual(1, group['pending_signals'])
        self.assertEqual('down', group['pending_adjustments'][0]['policy'])
        self.assertIsNotNone(group['cooldown_end'])
        self.assertEqual(group['cooldown_end'][:19],
                         group['pending_due_at'][:19])
        self.assertFalse(group['scaling_in_progress'])
        response = self.service.request('GET', '%s/resources/up/scaling'
                                        % self.path)
        self.assertEqual(400, response.status_int, response.body)
        response = self.service.request(
            'GET', '/v1/other/stacks/as/%s/resources/group/scaling'
            % self.stack_id)
        self.assertEqual(404, response.status_int, response.body)
