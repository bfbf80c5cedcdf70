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

"""Templates given by URL (``template_url``), fetched by the engine.

Heat's API fetches a request's ``template_url``; heat-vision's API only
parses, authorises and forwards, so the engine fetches it, through the
URL guard (``common.template_fetch``: ``[url_fetch]`` networks,
redirects, timeout), reading at most ``max_template_size`` bytes.
"""

from oslo_config import cfg

from heat_vision.common import template_fetch

CONF = cfg.CONF


def resolve(template, template_url):
    """The template a request gives: ``template`` if given (it wins, as
    in Heat), else the text at ``template_url``, else None.

    :raises: URLFetchFailed, URLRefused (400) naming the URL and why.
    """
    if template is not None or not template_url:
        return template
    return fetch(template_url)


def fetch(url):
    """:returns: the text at ``url``, at most ``max_template_size`` bytes.

    :raises: URLFetchFailed, URLRefused (see ``template_fetch.fetch``).
    """
    return template_fetch.fetch(url, CONF.max_template_size,
                                'max_template_size')
