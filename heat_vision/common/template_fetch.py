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

"""A template's text at a user-given URL, fetched through the URL guard.

The engine fetches a request's ``template_url`` (engine/template_url.py)
and the relay a Query API ``TemplateURL`` (it translates the text before
the native API sees it): both read it here, at most ``max_size`` bytes.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import url_guard


def fetch(url, max_size, limit_name):
    """:returns: the text at ``url``.

    :param max_size: the most bytes accepted.
    :param limit_name: the option that sets ``max_size`` (for messages).
    :raises: URLFetchFailed for an answer other than 2xx, one larger
        than ``max_size`` or not UTF-8; URLRefused if the guard refuses
        the URL.
    """
    response = url_guard.fetch(url, max_size=max_size, truncate=True)
    if not 200 <= response.status < 300:
        raise exception.URLFetchFailed(
            url=url, reason=_('the server answered HTTP %d') %
            response.status)
    if response.truncated:
        raise exception.URLFetchFailed(
            url=url, reason=_('the template is larger than %(max)d bytes '
                              '(%(option)s)') % {'max': max_size,
                                                 'option': limit_name})
    try:
        return response.body.decode('utf-8')
    except UnicodeDecodeError as exc:
        raise exception.URLFetchFailed(
            url=url, reason=_('the template is not UTF-8 text (byte %d)')
            % exc.start)
