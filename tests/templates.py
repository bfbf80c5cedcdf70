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

"""Templates several tests use, as the YAML text a client sends."""

HOT_VERSION = '2021-04-16'

#: A template version and nothing else.
VERSION_ONLY = 'heat_template_version: %s\n' % HOT_VERSION
#: A stack without resources.
EMPTY = VERSION_ONLY + 'resources: {}\n'


def one_none(name):
    """:returns: a template of one ``OS::Heat::None`` resource, ``name``.
    """
    return VERSION_ONLY + 'resources:\n  %s: {type: OS::Heat::None}\n' % name
