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

"""AWS error codes of the Query API, and the native errors mapped to them.

AWS's own codes where AWS has one (a missing stack is ``ValidationError``
"Stack with id X does not exist", a duplicate ``AlreadyExistsException``),
heat-api-cfn's where AWS has none (``APINotImplemented``).
"""

from heat_vision.common.i18n import _


class QueryError(Exception):
    """An error answered as an AWS ``ErrorResponse``."""

    status = 400
    code = 'ValidationError'
    sender = True

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class MissingAction(QueryError):
    code = 'MissingAction'


class InvalidAction(QueryError):
    code = 'InvalidAction'


class MissingParameter(QueryError):
    code = 'MissingParameter'

    def __init__(self, name):
        super().__init__(_('The request must contain the parameter %s.')
                         % name)


class InvalidParameterValue(QueryError):
    code = 'InvalidParameterValue'


class AlreadyExists(QueryError):
    code = 'AlreadyExistsException'


class AccessDenied(QueryError):
    status = 403
    code = 'AccessDenied'


class NotImplementedAction(QueryError):
    status = 501
    code = 'APINotImplemented'
    sender = False


class ServiceUnavailable(QueryError):
    status = 503
    code = 'ServiceUnavailable'
    sender = False


class InternalFailure(QueryError):
    status = 500
    code = 'InternalFailure'
    sender = False


def from_native(exc, stack=None):
    """:returns: the QueryError for a heat-vision or native API error."""
    code = getattr(exc, 'code', 500)
    message = str(exc)
    if code == 404 and stack is not None and 'Resource' not in message:
        return QueryError(_('Stack with id %s does not exist') % stack)
    error_type = getattr(exc, 'error_type', None) or exc.type_name()
    if code == 409 and error_type == 'StackExists':
        return AlreadyExists(message)
    if code in (401, 403):
        return AccessDenied(message)
    if code == 503:
        return ServiceUnavailable(message)
    if 400 <= code < 500:
        return QueryError(message)
    return InternalFailure(_('The request processing has failed due to an '
                             'internal error'))
