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

"""The core OpenStack resource types (OS::Nova, OS::Neutron, OS::Cinder,
OS::Glance, OS::Keystone), with Heat's property and attribute names.

Each plugin drives its service's REST API through the openstacksdk
client its facade hands out (``self.stack.client('neutron')``), with the
bodies the API reference documents: see :mod:`.base` for what they share
(create, status polling, delete, take-over, attributes).
"""
