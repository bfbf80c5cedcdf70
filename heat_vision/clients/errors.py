"""A service library's errors, as heat-vision's resource errors.

A plugin's handler that raises fails its resource with the error's
message, so the message says which service refused what and why; a
404 is ``ServiceObjectNotFound`` (a delete takes it as done).
"""

import contextlib

from keystoneauth1 import exceptions as ks_exceptions

from heat_vision.common import exception


def _status(exc):
    status = getattr(exc, 'http_status', None)
    return status if isinstance(status, int) else None


def _reason(exc):
    return str(getattr(exc, 'message', None) or exc)[:1024]


@contextlib.contextmanager
def translated(service, library_error):
    """Raise the library's errors inside as ``exception.Service*``.

    :param service: the service's name, for the messages (``Aodh``).
    :param library_error: the base class of the client library's errors.
    """
    try:
        yield
    except ks_exceptions.EndpointNotFound as exc:
        raise exception.ServiceNotConfigured(service=service,
                                             reason=_reason(exc))
    except (ks_exceptions.ConnectionError,
            ks_exceptions.RequestTimeout) as exc:
        raise exception.ServiceUnavailable(service=service, status=None,
                                           reason=_reason(exc))
    except (library_error, ks_exceptions.HttpError) as exc:
        status = _status(exc)
        kind = exception.ServiceError
        if status == 404:
            kind = exception.ServiceObjectNotFound
        elif status is None or status >= 500:
            kind = exception.ServiceUnavailable
        raise kind(service=service, status=status, reason=_reason(exc))
