"""heat-vision: OpenStack orchestration in the spirit of Heat/Vision."""

from oslo_service import backend as _service_backend

# NOTE(heat-vision): heat-vision runs on threads only. oslo.messaging's
# server imports oslo.service, whose default backend is eventlet; make
# threading the default. The hook is lazy: nothing is loaded until a
# process actually uses oslo.service (the CLI never does).
_service_backend.register_backend_default_hook(
    lambda: _service_backend.BackendType.THREADING)
