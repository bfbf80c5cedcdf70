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

"""A service library's errors, as heat-vision's resource errors.

A plugin's handler that raises fails its resource with the error's
message, so the message says which service refused what and why; a
404 is ``ServiceObjectNotFound`` (a delete takes it as done), a 409
``ServiceConflict`` and a refusal that names a quota (Nova's 403,
Neutron's 409, Cinder's 413) ``ServiceOverQuota``.
"""

import contextlib

from keystoneauth1 import exceptions as ks_exceptions

from heat_vision.common import exception


def _status(exc):
    for name in ('http_status', 'status_code'):
        status = getattr(exc, name, None)
        if isinstance(status, int):
            return status
    return None


def _kind(status, reason):
    if status == 404:
        return exception.ServiceObjectNotFound
    if status == 413 or (status in (403, 409) and
                         'quota' in reason.lower()):
        return exception.ServiceOverQuota
    if status == 409:
        return exception.ServiceConflict
    if status is None or status >= 500:
        return exception.ServiceUnavailable
    return exception.ServiceError


def _reason(exc):
    text = str(getattr(exc, 'message', None) or exc)
    # openstacksdk keeps what the service said apart from its message.
    details = getattr(exc, 'details', None)
    if isinstance(details, str) and details and details not in text:
        text = '%s: %s' % (text, details)
    return text[:1024]


@contextlib.contextmanager
def translated(service, library_error, not_found=(), not_configured=()):
    """Raise the library's errors inside as ``exception.Service*``.

    :param service: the service's name, for the messages (``Aodh``).
    :param library_error: the base class of the client library's errors.
    :param not_found: the library's errors that mean "no such object"
        even without an HTTP status (a failed look-up by name).
    :param not_configured: the library's errors that mean "no endpoint
        of this service" (not in the catalog, not in that region).
    """
    try:
        yield
    except (ks_exceptions.EndpointNotFound,) + tuple(not_configured) as exc:
        raise exception.ServiceNotConfigured(service=service,
                                             reason=_reason(exc))
    except (ks_exceptions.ConnectionError,
            ks_exceptions.RequestTimeout) as exc:
        raise exception.ServiceUnavailable(service=service, status=None,
                                           reason=_reason(exc))
    except not_found as exc:
        raise exception.ServiceObjectNotFound(
            service=service, status=404, reason=_reason(exc))
    except (library_error, ks_exceptions.HttpError) as exc:
        status = _status(exc)
        reason = _reason(exc)
        raise _kind(status, reason)(service=service, status=status,
                                    reason=reason)
