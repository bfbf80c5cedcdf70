"""heat-vision's defaults for oslo.middleware's options.

The options themselves are oslo.middleware's (``[oslo_middleware]``,
``[cors]``, ``[healthcheck]``; the sample lists them through the
``oslo.middleware`` generator namespaces); only the defaults that differ
are set here: a 1 MiB request body limit (oslo's is 112 KiB, too small
for templates with files) and the headers heat-vision's clients send and
read across origins.
"""

from oslo_middleware import cors
from oslo_middleware import sizelimit

MAX_REQUEST_BODY_SIZE = 1048576


def register_opts(conf):
    conf.register_opts(sizelimit.OPTS, group='oslo_middleware')
    conf.set_default('max_request_body_size', MAX_REQUEST_BODY_SIZE,
                     group='oslo_middleware')
    set_cors_defaults()


def set_cors_defaults():
    cors.set_defaults(
        allow_headers=['X-Auth-Token', 'X-Identity-Status', 'X-Roles',
                       'X-Service-Catalog', 'X-User-Id', 'X-Tenant-Id',
                       'X-OpenStack-Request-ID', 'Content-Type'],
        expose_headers=['X-Auth-Token', 'X-Subject-Token',
                        'X-Service-Token', 'X-OpenStack-Request-ID',
                        'Location', 'Retry-After'],
        allow_methods=['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD'])


def list_opts():
    return {}
