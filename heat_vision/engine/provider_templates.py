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

"""Provider templates named by URL and missing from ``files``.

heatclient puts a provider template it can read into ``files`` itself;
a template or environment that names one by an http(s) URL the client
did not fetch (an API caller other than heatclient, a template read from
a URL) leaves it to the service, and Heat's engine fetches it. So does
this module, before validation: every fetched template is added to the
request's ``files`` under its URL, so that it is stored with the stack
and nested stacks find it there as they find a client-given one.

What counts as a provider type: a ``type``/``Type`` value anywhere in
the template (resources, and the member definitions of groups) or a
``resource_registry`` value that is an absolute http(s) URL. Fetched
templates are scanned the same way, breadth first. Every fetch goes
through the URL guard (``template_url.fetch``); the number of fetches
per request is bounded (``[url_fetch] max_provider_templates``).
"""

import collections

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.engine import template_url
from heat_vision import template

CONF = cfg.CONF

_TYPE_KEYS = ('type', 'Type')
_SCHEMES = ('http://', 'https://')


def _is_remote(value):
    return isinstance(value, str) and value.startswith(_SCHEMES)


def _types_in(node):
    """Every string under a ``type``/``Type`` key, in document order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            for key, value in current.items():
                if key in _TYPE_KEYS and isinstance(value, str):
                    yield value
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(current, list):
            stack.extend(current)


def _registry_targets(env_dict):
    registry = (env_dict or {}).get('resource_registry') or {}
    for key, value in registry.items():
        if key == 'resources' and isinstance(value, dict):
            for overrides in value.values():
                if isinstance(overrides, dict):
                    yield from overrides.values()
        else:
            yield value


def complete(tmpl_dict, env_dict, files):
    """Fetch the remote provider templates ``files`` lacks.

    :param tmpl_dict: the parsed template.
    :param env_dict: the merged environment.
    :param files: the request's files map (not changed).
    :returns: ``files`` with the fetched templates added (a new dict
        when anything was fetched, else ``files`` itself).
    :raises: URLRefused, URLFetchFailed, InvalidTemplate (a fetched
        document that is not a template), RequestLimitExceeded.
    """
    files = files or {}
    pending = collections.deque(
        [t for t in _registry_targets(env_dict) if _is_remote(t)]
        + [t for t in _types_in(tmpl_dict) if _is_remote(t)])
    fetched = {}
    limit = CONF.url_fetch.max_provider_templates
    while pending:
        url = pending.popleft()
        if url in files or url in fetched:
            continue
        if len(fetched) >= limit:
            raise exception.RequestLimitExceeded(
                message=_('More than %(n)d provider templates to fetch by '
                          'URL (max_provider_templates); put them in '
                          '"files" instead. Next one: %(url)s') %
                {'n': limit, 'url': url})
        text = template_url.fetch(url)
        fetched[url] = text
        try:
            provider = template.load(text, max_size=CONF.max_template_size)
        except exception.InvalidTemplate as exc:
            raise exception.InvalidTemplate(
                message=_('provider template %(url)s: %(error)s') %
                {'url': url, 'error': exc})
        pending.extend(t for t in _types_in(provider) if _is_remote(t))
    if not fetched:
        return files
    return dict(files, **fetched)
