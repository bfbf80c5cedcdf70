"""The base class of resource plugins.

A plugin declares ``properties_schema`` and ``attributes_schema`` (dicts
of schema objects from ``heat_vision.template``) and implements only the
``handle_*`` / ``check_*_complete`` pairs it needs:

* ``handle_create()`` starts creating the real thing and returns a token;
  ``check_create_complete(token)`` returns True once it exists. The engine
  calls the check again until it is True (or the stack times out).
* ``handle_delete()`` / ``check_delete_complete(token)`` likewise.

The engine owns state, events and persistence; a plugin only sets
``self.resource_id`` (the physical id) and ``self.data`` (a JSON-able
attribute cache) and answers ``get_attribute``.
"""


class Resource:
    """Base of every resource plugin.

    :param name: the resource's name in its template.
    :param properties: its resolved properties (a plain dict).
    :param stack: the engine's view of the stack, for names and ids.
    """

    properties_schema = {}
    attributes_schema = {}

    def __init__(self, name, properties, stack, resource_id=None,
                 data=None):
        self.name = name
        self.properties = properties
        self.stack = stack
        self.resource_id = resource_id
        self.data = dict(data or {})

    def physical_resource_name(self):
        """A name unique to this resource, as Heat builds them."""
        return '%s-%s-%s' % (self.stack.name, self.name,
                             self.stack.short_id(self.name))

    def handle_create(self):
        """Start creating the resource.

        :returns: a token handed to ``check_create_complete``.
        """
        return None

    def check_create_complete(self, token):
        """:returns: True once the resource exists."""
        return True

    def handle_delete(self):
        """Start deleting the resource.

        :returns: a token handed to ``check_delete_complete``.
        """
        return None

    def check_delete_complete(self, token):
        """:returns: True once the resource is gone."""
        return True

    def get_reference_id(self):
        """:returns: what ``get_resource``/``Ref`` give for it."""
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        """:returns: the value of attribute ``name`` (then ``path``)."""
        value = self.data.get(name)
        for key in path:
            value = value[key]
        return value
