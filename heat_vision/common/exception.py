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

"""The one exceptions module of heat-vision.

Every user-facing error is a ``HeatVisionException`` subclass with a
``msg_fmt`` and the HTTP ``code`` the API answers with. The engine raises
them; oslo.messaging carries them back to the API (this module is in the
transport's ``allowed_remote_exmods``), where the fault middleware turns
them into Heat's JSON error shape. ``error_type`` is the name Heat uses in
``error.type`` so that clients that branch on it keep working.
"""

from heat_vision.common.i18n import _


_REMOTE_MESSAGE = 'remote_message'


class _Rebuildable(type):
    """Lets oslo.messaging rebuild any subclass from its message alone.

    In the API process oslo.messaging rebuilds an engine's exception as
    ``klass(*args, **kwargs)`` from the instance's ``args`` and ``kwargs``;
    those are set to ``()`` and ``{remote_message: message}``, and this
    call gives back an exception with that message whatever the
    subclass's own constructor takes.
    """

    def __call__(cls, *args, **kwargs):
        if not args and list(kwargs) == [_REMOTE_MESSAGE]:
            exc = cls.__new__(cls)
            HeatVisionException.__init__(exc, kwargs[_REMOTE_MESSAGE])
            return exc
        return super().__call__(*args, **kwargs)


class HeatVisionException(Exception, metaclass=_Rebuildable):
    """Base class: formats ``msg_fmt`` with the keyword arguments."""

    msg_fmt = _("An unknown exception occurred.")
    code = 500
    error_type = None

    def __init__(self, message=None, **kwargs):
        if message is None:
            try:
                message = self.msg_fmt % kwargs
            except (KeyError, TypeError, ValueError):
                # NOTE(heat-vision): a wrong format call must not hide the
                # original error behind a formatting one.
                message = self.msg_fmt
        self.message = str(message)
        super().__init__(self.message)
        self.format_kwargs = kwargs
        self.args = ()
        self.kwargs = {_REMOTE_MESSAGE: self.message}

    def __str__(self):
        return self.message

    @classmethod
    def type_name(cls):
        name = cls.error_type or cls.__name__
        # oslo.messaging rebuilds remote exceptions as "<Name>_Remote".
        return name[:-len('_Remote')] if name.endswith('_Remote') else name


# 400 ---------------------------------------------------------------------

class Invalid(HeatVisionException):
    msg_fmt = _("%(reason)s")
    code = 400


class InvalidParameter(Invalid):
    error_type = 'HTTPBadRequest'


class ActionNotSupported(Invalid):
    """Heat's NotSupported (a 400): the action is not for this state."""

    msg_fmt = _("%(feature)s is not supported.")
    error_type = 'NotSupported'


class MalformedRequestBody(Invalid):
    msg_fmt = _("Malformed request body: %(reason)s")
    error_type = 'HTTPBadRequest'


class InvalidTenant(Invalid):
    msg_fmt = _("Invalid tenant id %(tenant)s: %(reason)s")
    error_type = 'HTTPBadRequest'


class InvalidTemplate(Invalid):
    """The template itself cannot be understood (syntax, size, sections)."""

    msg_fmt = _("%(message)s")
    error_type = 'StackValidationFailed'


class TranslationError(Invalid):
    """A TOSCA, CFN or CAMP document cannot be translated.

    ``path`` is where in the ORIGINAL document.
    """

    msg_fmt = _("%(message)s")
    error_type = 'TranslationError'
    # Defaults for an instance rebuilt from its message alone (RPC).
    path = ''
    reason = ''

    def __init__(self, path=None, message=None, **kwargs):
        self.path = str(path or '')
        if message is None:
            message = kwargs.get('message', self.msg_fmt)
        self.reason = str(message)
        if self.path:
            message = '%s: %s' % (self.path, message)
        super().__init__(message, **kwargs)


class NoCounterpart(TranslationError):
    """A document uses what OpenStack has no counterpart for.

    ``items`` lists each such thing as ``'path (what)'``; ``more`` is
    how many were left out of the list.
    """

    def __init__(self, items=(), more=0, **kwargs):
        self.items = list(items)
        message = _('the template uses what has no OpenStack counterpart: '
                    '%s') % '; '.join(self.items)
        if more:
            message += _('; and %d more') % more
        super().__init__('', message, **kwargs)


class UnknownTranslator(Invalid):
    msg_fmt = _('Unknown document format "%(name)s"; the formats are: '
                '%(available)s.')
    error_type = 'HTTPBadRequest'


class InvalidTemplateVersion(Invalid):
    msg_fmt = _("The template version is invalid: %(explanation)s")


class StackValidationFailed(Invalid):
    """A template, parameter or property error, with the path to it."""

    msg_fmt = _("%(message)s")

    def __init__(self, message=None, path=None, **kwargs):
        self.path = list(path or [])
        if message is None:
            message = kwargs.get('message', self.msg_fmt)
        if self.path:
            message = '%s: %s' % ('.'.join(str(p) for p in self.path),
                                  message)
        super().__init__(message, **kwargs)


class CircularDependencyException(Invalid):
    msg_fmt = _("Circular Dependency Found: %(cycle)s")
    error_type = 'CircularDependencyException'


class ResourceTypeNotFound(StackValidationFailed):
    def __init__(self, type_name=None, path=None, message=None):
        if message is None:
            message = _("The Resource Type (%s) could not be "
                        "found.") % type_name
        super().__init__(message, path=path)
        self.type_name = type_name


class StackExists(HeatVisionException):
    msg_fmt = _('The Stack (%(stack_name)s) already exists.')
    code = 409


class RequestLimitExceeded(HeatVisionException):
    msg_fmt = _('Request limit exceeded: %(message)s')
    code = 400


class UpdateReplace(HeatVisionException):
    """Raised by a resource's ``handle_update`` to be replaced instead."""

    msg_fmt = _("The resource %(name)s must be replaced.")


# 403 / 404 / 405 / 409 / 413 ---------------------------------------------

class Forbidden(HeatVisionException):
    msg_fmt = _("You are not authorized to complete this action.")
    code = 403


class NotFound(HeatVisionException):
    msg_fmt = _("%(reason)s")
    code = 404


class EntityNotFound(NotFound):
    msg_fmt = _("The %(entity)s (%(name)s) could not be found.")
    error_type = 'EntityNotFound'


class StackNotFound(EntityNotFound):
    def __init__(self, stack_name=None, message=None):
        super().__init__(message, entity='Stack', name=stack_name)


class ResourceNotFound(EntityNotFound):
    msg_fmt = _("The Resource (%(resource_name)s) could not be found in "
                "Stack %(stack_name)s.")
    error_type = 'ResourceNotFound'

    def __init__(self, resource_name=None, stack_name=None, message=None):
        super().__init__(message, resource_name=resource_name,
                         stack_name=stack_name)


class ActionInProgress(HeatVisionException):
    msg_fmt = _("Stack %(stack_name)s already has an action (%(action)s) "
                "in progress.")
    code = 409


class Conflict(HeatVisionException):
    msg_fmt = _("%(reason)s")
    code = 409


class RequestTooLarge(HeatVisionException):
    msg_fmt = _("Request body is larger than the limit of %(limit)d bytes.")
    code = 413
    error_type = 'RequestTooLarge'


class SignalTooLarge(RequestTooLarge):
    """A signal's JSON is larger than ``max_signal_size``."""
    msg_fmt = _("The signal is %(size)d bytes of JSON, more than "
                "max_signal_size (%(limit)d bytes).")
    error_type = 'SignalTooLarge'


class UnsupportedMediaType(HeatVisionException):
    msg_fmt = _("The request body's Content-Type %(content_type)s is not "
                "supported: send %(accepted)s.")
    code = 415
    error_type = 'HTTPUnsupportedMediaType'


# 503 ---------------------------------------------------------------------

class EngineUnavailable(HeatVisionException):
    """No engine can take the call now; the API answers Retry-After."""

    msg_fmt = _("No heat-vision engine answered within %(timeout)s s "
                "(transport: %(transport)s).")
    code = 503
    error_type = 'ServiceUnavailable'


class TooManyEngineCalls(EngineUnavailable):
    msg_fmt = _("The API has %(limit)d engine calls in flight already "
                "([api] max_rpc_calls); try again later.")


# 501 ---------------------------------------------------------------------

class NotSupported(HeatVisionException):
    """A request needs a newer engine RPC API than the engines may have.

    Raised by the API's engine client during a rolling upgrade, while
    ``[rpc] engine_version_cap`` holds it below the version the request
    needs; nothing was sent to an engine.
    """

    msg_fmt = _("%(feature)s is not supported yet: it needs engine RPC API "
                "%(version)s and some engines may be older ([rpc] "
                "engine_version_cap = %(cap)s). Retry once every engine "
                "is upgraded and the cap is lifted.")
    code = 501


# Configuration (heat_vision.common.extras) -------------------------------

class MissingExtra(HeatVisionException):
    """A configured backend's Python package is not installed."""

    msg_fmt = _("%(what)s needs the Python package %(package)s, which is "
                "not installed: %(hint)s")


# Template language (heat_vision.template) -------------------------------

class UserParameterMissing(StackValidationFailed):
    """A parameter without a default was given no value."""

    def __init__(self, key, path=None):
        super().__init__(
            _("The Parameter (%s) was not provided.") % key, path=path)
        self.key = key


class UnknownUserParameter(StackValidationFailed):
    """The environment sets a parameter the template does not define."""

    def __init__(self, key, path=None):
        super().__init__(
            _("The Parameter (%s) was not defined in template.") % key,
            path=path)
        self.key = key


class InvalidEnvironment(Invalid):
    """An environment file cannot be understood."""

    msg_fmt = _("Invalid environment: %(reason)s")
    error_type = 'StackValidationFailed'


class FunctionError(StackValidationFailed):
    """An intrinsic function failed to compute its value.

    ``reason`` holds the bare message without the path prefix, as Heat
    shows it in an output's ``output_error``. Heat reports it as a
    StackValidationFailed.
    """

    error_type = 'StackValidationFailed'

    def __init__(self, message=None, path=None, **kwargs):
        super().__init__(message, path=path, **kwargs)
        self.reason = str(message)


class UnresolvedReference(FunctionError):
    """A function needs a resource value but no resolver was given."""


class TemplateVersionNotFound(NotFound):
    msg_fmt = _("Template with version %(version)s not found")
    error_type = 'NotFound'


# Guarded URL fetches (heat_vision.common.url_guard) ----------------------

class URLFetchFailed(Invalid):
    """A user-given URL could not be fetched (network, size, redirects)."""

    msg_fmt = _("Could not fetch %(url)s: %(reason)s")
    error_type = 'URLFetchFailed'

    def __init__(self, url=None, reason=None, message=None):
        super().__init__(message, url=url, reason=reason)
        self.url = url
        self.reason = reason


class URLRefused(URLFetchFailed):
    """A user-given URL is refused by the guard before any request."""

    msg_fmt = _("Refused to fetch %(url)s: %(reason)s")
    error_type = 'URLRefused'


# Task system (heat_vision.tasks) ----------------------------------------

class InvalidTaskDocument(Invalid):
    """A job document is wrong; ``path`` names where (``tasks[1].input``).
    """

    msg_fmt = _("%(path)s: %(reason)s")
    error_type = 'InvalidTaskDocument'

    def __init__(self, reason=None, path=None, message=None):
        super().__init__(message, path=path or '(document)', reason=reason)
        self.path = path
        self.reason = reason


class TaskJobNotFound(EntityNotFound):
    def __init__(self, job_id=None, message=None):
        super().__init__(message, entity='Task job', name=job_id)


class TaskJobFinished(Conflict):
    msg_fmt = _("The task job %(job_id)s has already ended (%(status)s).")
    error_type = 'TaskJobFinished'


class TaskServiceUnavailable(HeatVisionException):
    """The task service cannot store or read jobs now (its database or
    jobboard refused it): nothing was stored; the caller may try again.
    """

    msg_fmt = _("The task service cannot reach its %(backend)s now; "
                "nothing was stored, try again later.")
    code = 503
    error_type = 'TaskServiceUnavailable'


class TaskFailed(HeatVisionException):
    """A task plugin failed; the job run fails (or retries the task)."""

    msg_fmt = _("%(reason)s")


class TaskCancelled(TaskFailed):
    msg_fmt = _("The job was cancelled (%(reason)s).")


class TaskTimedOut(TaskFailed):
    msg_fmt = _("The task ran out of time after %(timeout)s seconds.")


# OpenStack service clients (heat_vision.clients) --------------------------

class ServiceNotConfigured(HeatVisionException):
    """heat-vision cannot reach a service: configuration is missing."""

    msg_fmt = _("The %(service)s client is not configured: %(reason)s")
    code = 503
    error_type = 'ServiceNotConfigured'


class ServiceError(HeatVisionException):
    """A service refused a request: what it said, with its HTTP status."""

    msg_fmt = _("%(service)s refused the request (HTTP %(status)s): "
                "%(reason)s")
    code = 400
    error_type = 'ServiceError'


class ServiceObjectNotFound(ServiceError):
    """The service does not know the object (HTTP 404)."""

    code = 404
    error_type = 'NotFound'


class ServiceUnavailable(ServiceError):
    """The service could not be reached, or failed (5xx)."""

    msg_fmt = _("%(service)s is unavailable: %(reason)s")
    code = 503
    error_type = 'ServiceUnavailable'


class ServiceConflict(ServiceError):
    """The service refused because of the object's state (HTTP 409)."""

    code = 409
    error_type = 'Conflict'


class ServiceOverQuota(ServiceError):
    """The service refused because a quota is used up."""

    msg_fmt = _("%(service)s refused the request: over quota (HTTP "
                "%(status)s): %(reason)s")
    code = 413
    error_type = 'OverQuota'


class ResourceDrifted(Invalid):
    """The live resource differs from its template (stack check)."""

    msg_fmt = _("%(resource)s differs from its template: %(details)s")
    error_type = 'ResourceDrifted'


class ServiceObjectFailed(ServiceError):
    """What a service was making ended in an error state."""

    msg_fmt = _("%(service)s: %(kind)s %(id)s went to status %(status)s"
                "%(reason)s")
    code = 400
    error_type = 'ResourceInError'
