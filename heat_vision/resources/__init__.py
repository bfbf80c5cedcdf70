"""Resource plugins: the base API and the built-in ``OS::Heat::*`` types.

Plugins are found by type name through the ``heat_vision.resources``
stevedore namespace (see ``registry``).
"""
