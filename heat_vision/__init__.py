"""heat-vision: OpenStack orchestration in the spirit of Heat/Vision."""

from oslo_service import backend as _service_backend

# NOTE(heat-vision): heat-vision runs on threads only. oslo.messaging's
# server module imports oslo.service, whose default backend is eventlet;
# choose the threading backend before anything imports it.
if _service_backend.get_backend_type() is None:
    _service_backend.init_backend(_service_backend.BackendType.THREADING)
