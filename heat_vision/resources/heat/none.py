"""OS::Heat::None: a resource that does nothing, for stubs and tests."""

from heat_vision.resources import base


class NoneResource(base.Resource):
    """Accepts any properties and creates nothing.

    Like Heat's, its reference id is a generated physical name, so that
    templates that pass it around behave as with a real resource.
    """

    # None, not {}: any property is accepted and ignored.
    properties_schema = None
    creates_external = False
    runs_in_walk = True

    def handle_create(self):
        self.resource_id = self.physical_resource_name()

    def get_attribute(self, name, *path):
        return None
