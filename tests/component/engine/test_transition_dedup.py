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

"""An alarm transition delivered twice (Aodh's HTTP action and its queue)
acts once.
"""

import copy
import urllib.parse

from heat_vision.engine.alarms import listener
from heat_vision.engine.alarms import transition_dedup
from heat_vision.monitoring import publisher
from tests import base
from tests.component.monitoring import test_loop
from tests import waiting

#: What aodh-evaluator puts on its queue.
PAYLOAD = {'actions': ['http://heat.example/v1/signal/s/up?signature=x'],
           'alarm_id': 'a-1', 'alarm_name': 'cpu', 'severity': 'low',
           'previous': 'ok', 'current': 'alarm',
           'reason': 'Transition to alarm due to 3 samples outside '
                     'threshold, most recent: 91.5',
           'reason_data': {'type': 'threshold', 'disposition': 'outside',
                           'count': 3, 'most_recent': 91.5}}


def http_body(payload):
    """What aodh-notifier POSTs: the payload without its actions."""
    body = copy.deepcopy(payload)
    del body['actions']
    return body


class DigestTest(base.TestCase):

    def test_both_paths_give_one_key(self):
        queued = listener.transition_of(PAYLOAD)
        self.assertEqual('aodh', queued['source'])
        self.assertEqual(transition_dedup.digest('s', 'up', queued),
                         transition_dedup.digest('s', 'up',
                                                 http_body(PAYLOAD)))

    def test_another_transition_or_target_gives_another_key(self):
        key = transition_dedup.digest('s', 'up', PAYLOAD)
        for other in (dict(PAYLOAD, previous='alarm'),
                      dict(PAYLOAD, reason='most recent: 91.6'),
                      dict(PAYLOAD, reason_data={'most_recent': 1}),
                      dict(PAYLOAD, alarm_id='a-2')):
            self.assertNotEqual(key, transition_dedup.digest(
                's', 'up', other))
        self.assertNotEqual(key, transition_dedup.digest('s', 'down',
                                                         PAYLOAD))
        self.assertNotEqual(key, transition_dedup.digest('t', 'up',
                                                         PAYLOAD))

    def test_own_alarms_transitions_differ_by_timestamp(self):
        own = dict(PAYLOAD, source='heat-vision',
                   timestamp='2026-11-30T12:00:00Z')
        self.assertNotEqual(
            transition_dedup.digest('s', 'up', own),
            transition_dedup.digest('s', 'up', dict(
                own, timestamp='2026-11-30T12:00:01Z')))

    def test_own_alarms_transitions_are_told_apart_by_their_id(self):
        own = listener.transition_of(dict(
            PAYLOAD, source='heat-vision', timestamp='2026-11-30T12:00:00Z',
            transition_id='t-1'))
        self.assertEqual('t-1', own['transition_id'])
        # Sent again by the outbox: the same transition.
        self.assertEqual(transition_dedup.digest('s', 'up', own),
                         transition_dedup.digest('s', 'up', dict(own)))
        self.assertNotEqual(
            transition_dedup.digest('s', 'up', own),
            transition_dedup.digest('s', 'up', dict(own,
                                                    transition_id='t-2')))

    def test_signals_that_are_not_transitions_have_no_key(self):
        for details in (None, [], {}, {'source': 'cep', 'reason': 'x'},
                        {'alarm_id': 'a', 'state': 'alarm'},
                        {'alarm_id': 7, 'current': 'alarm'}):
            self.assertIsNone(transition_dedup.digest('s', 'up', details))


class BothPathsTest(test_loop._StackWithAlarm):
    """Embedded: the queue and the signed URL bring one transition."""

    def post_alarm_url(self, body):
        url = urllib.parse.urlsplit(self.outputs['alarm_url'])
        response = self.service.settle(self.service.request(
            'POST', '%s?%s' % (url.path, url.query), body=body))
        self.assertEqual(202, response.status_int, response.body)
        return response

    def policy_events(self):
        response = self.service.request(
            'GET', '/v1/demo/stacks/loop/%s/resources/up/events'
            % self.stack_id)
        return [e['resource_status_reason']
                for e in response.json['events']
                if e['resource_status_reason'].startswith('Signal: ')]

    def test_one_transition_by_both_paths_scales_once(self):
        payload = dict(PAYLOAD, actions=[self.outputs['alarm_url']])
        self.post_alarm_url(http_body(payload))
        self.assertEqual(2, self.size())
        self.aodh_notifier().sample({}, 'alarm.update', payload)
        waiting.wait_until(lambda: len(self.policy_events()) == 2)
        events = self.policy_events()
        self.assertEqual('Signal: group group resized from 1 to 2',
                         events[0])
        self.assertRegex(events[1], '^Signal: duplicate ignored: alarm '
                                    'cpu [(]ok -> alarm[)] was delivered '
                                    'via signed-url at .*; this delivery '
                                    'came via queue$')
        self.assertEqual(2, self.size())
        # Another transition of the same alarm acts.
        self.post_alarm_url(http_body(dict(payload, reason='again')))
        waiting.wait_until(lambda: self.size() == 3)

    def test_an_own_transition_sent_twice_scales_once(self):
        # The outbox sends a transition again when the engine that sent
        # it died before marking it sent.
        payload = dict(PAYLOAD, actions=[self.outputs['alarm_url']],
                       source='heat-vision', transition_id='t-1',
                       timestamp='2026-11-30T12:00:00Z')
        for _attempt in range(2):
            publisher.publish_transition(payload)
        waiting.wait_until(lambda: len(self.policy_events()) == 2)
        # The second may be ignored while the first still resizes.
        events = sorted(self.policy_events())
        self.assertRegex(events[0], '^Signal: duplicate ignored: ')
        self.assertEqual('Signal: group group resized from 1 to 2',
                         events[1])
        self.assertEqual(2, self.size())

    def test_off_when_the_window_is_zero(self):
        self.flags(group='monitoring', transition_dedup_window=0)
        for _attempt in range(2):
            self.post_alarm_url(http_body(PAYLOAD))
        self.assertEqual(3, self.size())
