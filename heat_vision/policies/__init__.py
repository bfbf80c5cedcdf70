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

"""In-code oslo.policy defaults (``oslopolicy-sample-generator``)."""

import itertools

from heat_vision.policies import base
from heat_vision.policies import events
from heat_vision.policies import monitoring
from heat_vision.policies import relay
from heat_vision.policies import resources
from heat_vision.policies import services
from heat_vision.policies import software_configs
from heat_vision.policies import software_deployments
from heat_vision.policies import stack_actions
from heat_vision.policies import stack_parts
from heat_vision.policies import stacks
from heat_vision.policies import tasks


def list_rules():
    return list(itertools.chain(base.list_rules(), stacks.list_rules(),
                                services.list_rules(), tasks.list_rules(),
                                resources.list_rules(), events.list_rules(),
                                stack_parts.list_rules(),
                                stack_actions.list_rules(),
                                software_configs.list_rules(),
                                software_deployments.list_rules(),
                                relay.list_rules(),
                                monitoring.list_rules()))
