"""Templates given by URL (``template_url``), fetched by the engine.

Heat's API fetches a request's ``template_url``; heat-vision's API only
parses, authorises and forwards, so the engine fetches it, through the
URL guard (``common.url_guard``: ``[url_fetch]`` networks, redirects,
timeout), reading at most ``max_template_size`` bytes.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import url_guard

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
    """:returns: the text at ``url``.

    :raises: URLFetchFailed for an answer other than 2xx, one larger
        than ``max_template_size`` or not UTF-8; URLRefused if the guard
        refuses the URL.
    """
    limit = CONF.max_template_size
    response = url_guard.fetch(url, max_size=limit, truncate=True)
    if not 200 <= response.status < 300:
        raise exception.URLFetchFailed(
            url=url, reason=_('the server answered HTTP %d') %
            response.status)
    if response.truncated:
        raise exception.URLFetchFailed(
            url=url, reason=_('the template is larger than %d bytes '
                              '(max_template_size)') % limit)
    try:
        return response.body.decode('utf-8')
    except UnicodeDecodeError as exc:
        raise exception.URLFetchFailed(
            url=url, reason=_('the template is not UTF-8 text (byte %d)')
            % exc.start)
