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

"""Type definitions heat-vision supplies when a document imports them
by their usual file name without giving them: its own rendition of the
ETSI NFV SOL 001 types it translates."""

import os

NAMES = ('etsi_nfv_sol001_common_types.yaml',
         'etsi_nfv_sol001_vnfd_types.yaml')


def text(name):
    """The definitions heat-vision has for an import named ``name`` (its
    base name), or None.
    """
    if name not in NAMES:
        return None
    with open(os.path.join(os.path.dirname(__file__), name),
              encoding='utf-8') as handle:
        return handle.read()
