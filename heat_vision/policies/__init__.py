"""In-code oslo.policy defaults (``oslopolicy-sample-generator``)."""

import itertools

from heat_vision.policies import base
from heat_vision.policies import events
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
                                relay.list_rules()))
