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

"""JSON schemas of the monitoring request bodies.

Only the envelope and the ranges the schema can say; the engine checks
the limits that are options (``[monitoring] max_*``) and names the path.
"""

_STRING = {'type': 'string', 'minLength': 1, 'maxLength': 4096}

push_metrics = {
    'type': 'object',
    'additionalProperties': False,
    'required': ['samples'],
    'properties': {
        'samples': {
            'type': 'array', 'minItems': 1, 'maxItems': 100000,
            'items': {
                'type': 'object',
                'additionalProperties': False,
                'required': ['name', 'value'],
                'properties': {
                    'name': _STRING,
                    'value': {'type': 'number', 'minimum': -1e15,
                              'maximum': 1e15},
                    'dimensions': {'type': 'object', 'maxProperties': 256,
                                   'additionalProperties': _STRING},
                    'timestamp': {'type': 'string', 'maxLength': 64},
                },
            },
        },
    },
}
