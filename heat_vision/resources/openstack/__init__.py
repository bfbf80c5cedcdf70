"""The core OpenStack resource types (OS::Nova, OS::Neutron, OS::Cinder,
OS::Glance, OS::Keystone), with Heat's property and attribute names.

Each plugin drives its service's REST API through the openstacksdk
client its facade hands out (``self.stack.client('neutron')``), with the
bodies the API reference documents: see :mod:`.base` for what they share
(create, status polling, delete, take-over, attributes).
"""
