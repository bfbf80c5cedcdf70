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

"""Dispatch bodies for the strategy tests."""


def dispatch(current='alarm', size=2, value=None, policies=None,
             min_size=1, max_size=10, stack='stack-1'):
    alarm = {'alarm_name': 'load', 'current': current,
             'previous': 'ok' if current == 'alarm' else 'alarm'}
    if value is not None:
        alarm['reason_data'] = {'most_recent': value}
    return {
        'alarm': alarm,
        'stack': {'id': stack, 'name': 'web-%s' % stack},
        'groups': {'web': {'size': size, 'min_size': min_size,
                           'max_size': max_size}},
        'actions': {'policies': policies or {
            'up': {'url': 'http://hv/up', 'group': 'web',
                   'adjustment_type': 'change_in_capacity',
                   'scaling_adjustment': 1},
            'down': {'url': 'http://hv/down', 'group': 'web',
                     'adjustment_type': 'change_in_capacity',
                     'scaling_adjustment': -1},
            'exact': {'url': 'http://hv/exact', 'group': 'web',
                      'adjustment_type': 'exact_capacity',
                      'scaling_adjustment': 1}}},
    }


def urls(calls):
    return [call.url for call in calls]
