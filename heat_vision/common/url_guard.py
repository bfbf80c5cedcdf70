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

"""Fetch a user-given URL without reaching what its user must not reach.

A job's ``http.request`` task or a stack's template URL makes the
service send a request on a user's behalf, from inside the cloud: left
alone, that reaches the loopback services, the metadata service at
169.254.169.254 and every private network the service can (server-side
request forgery). The guard:

* refuses a URL that is not plain ``http(s)://host[:port]/...``: other
  schemes, user information (``user@host``), spaces, control characters
  and backslashes (which parsers disagree on);
* resolves the host with ``getaddrinfo`` (which also turns ``2130706433``,
  ``0x7f.1`` or ``017700000001`` into ``127.0.0.1``) and refuses the URL
  if ANY address is in ``[url_fetch] denied_networks`` and not in
  ``allowed_networks``, or is the API's own address and port;
* connects to the checked address itself, keeping the URL's host for the
  ``Host`` header, TLS SNI and the certificate check, so that a second
  DNS answer (DNS rebinding) cannot swap in another address;
* follows redirects itself, at most ``max_redirects``, checking every hop
  as the first URL;
* reads the body as a stream, never more than ``max_size`` bytes, within
  one deadline for the whole request.

``check`` is the cheap check for validation time (no DNS: only a host
that is an IP literal is judged); ``fetch`` does the request. No proxy
is used: a proxy would resolve the name itself.
"""

import email.message
import ipaddress
import re
import socket
import time
import urllib.parse

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils

from heat_vision.common import exception
from heat_vision.conf import url_fetch as url_fetch_conf

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

#: The schemes fetched and their default ports.
SCHEMES = {'http': 80, 'https': 443}
#: The statuses whose ``Location`` is followed.
REDIRECTS = (301, 302, 303, 307, 308)
MAX_URL_LENGTH = 8192
INSECURE = ('verify: false (no TLS certificate check) is refused unless '
            '[url_fetch] allow_insecure is set')

_CHUNK = 65536
_NAMES = {ipaddress.ip_network(cidr): name
          for cidr, name in url_fetch_conf.DEFAULT_DENIED}
_HOST_NAME = re.compile(r'^[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$')
# Sent to the URL's own origin only, not to where it redirects.
_CREDENTIALS = ('authorization', 'cookie', 'proxy-authorization')


class Target:
    """A checked URL, split as the request needs it.

    :ivar url: the URL.
    :ivar scheme: ``http`` or ``https``.
    :ivar host: the host, lower case, IDNA-encoded, without brackets.
    :ivar port: the port, the scheme's default if the URL has none.
    :ivar netloc: the ``Host`` header's value.
    :ivar path: the request target (path and query).
    :ivar addresses: the addresses of a host that is an IP literal
        (in any spelling ``getaddrinfo`` reads), else None.
    """

    def __init__(self, url, scheme, host, port, netloc, path, addresses):
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        self.netloc = netloc
        self.path = path
        self.addresses = addresses

    def origin(self):
        return self.scheme, self.host, self.port


class Response:
    """What ``fetch`` returns.

    :ivar url: the URL that answered (the last after redirects).
    :ivar status: the HTTP status.
    :ivar headers: the response's headers, a dict.
    :ivar body: the body, bytes.
    :ivar truncated: True if the body was cut at ``max_size``.
    """

    def __init__(self, url, status, headers, body, truncated=False):
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.truncated = truncated

    @property
    def text(self):
        """The body decoded with the Content-Type's charset (or UTF-8)."""
        message = email.message.Message()
        for name, value in self.headers.items():
            if name.lower() == 'content-type':
                message['Content-Type'] = value
        charset = message.get_content_charset() or 'utf-8'
        try:
            return self.body.decode(charset, errors='replace')
        except LookupError:
            return self.body.decode('utf-8', errors='replace')


def _refuse(url, reason):
    raise exception.URLRefused(url=url, reason=reason)


def parse(url):
    """Check a URL's form; no name is resolved.

    :returns: a Target.
    :raises: URLRefused saying what is wrong.
    """
    if not isinstance(url, str) or not url:
        _refuse(url, 'not a URL')
    if len(url) > MAX_URL_LENGTH:
        _refuse(url[:100] + '...',
                'longer than %d characters' % MAX_URL_LENGTH)
    if any(ch <= ' ' or ch in '\\\x7f' for ch in url):
        _refuse(url, 'spaces, control characters and backslashes are not '
                     'allowed in a URL')
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        _refuse(url, str(exc))
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        _refuse(url, 'only http and https URLs are fetched')
    if '@' in parts.netloc:
        _refuse(url, 'user information (user:password@) is not allowed in '
                     'a URL')
    host = _host(url, parts)
    if port == 0:
        _refuse(url, 'port 0 is not a port')
    netloc = parts.netloc.lower()
    path = urllib.parse.quote(parts.path or '/',
                              safe="/%:@!$&'()*+,;=-._~")
    if parts.query:
        path += '?' + parts.query
    port = port or SCHEMES[scheme]
    return Target(url, scheme, host, port, netloc, path,
                  _numeric(host, port))


def _host(url, parts):
    host = parts.hostname
    if not host:
        _refuse(url, 'the URL has no host')
    if '%' in host:
        _refuse(url, 'a zone or an escape in the host is not allowed')
    if parts.netloc.startswith('['):
        try:
            ipaddress.IPv6Address(host)
        except ValueError as exc:
            _refuse(url, 'not an IPv6 address: %s' % exc)
        return host
    try:
        host = host.encode('idna').decode('ascii')
    except UnicodeError as exc:
        _refuse(url, 'not a valid host name: %s' % exc)
    if not _HOST_NAME.match(host):
        _refuse(url, '%s is not a valid host name' % host)
    return host


def _addresses(host, port, flags=0):
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                               flags=flags)
    addresses = []
    for info in infos:
        if info[4][0] not in addresses:
            addresses.append(info[4][0])
    return addresses


def _numeric(host, port):
    """:returns: the addresses of an IP literal host, else None."""
    try:
        return _addresses(host, port, socket.AI_NUMERICHOST)
    except socket.gaierror:
        return None


def _networks(values):
    return [ipaddress.ip_network(value, strict=False) for value in values]


def _is_own_endpoint(ip, port):
    """True if ``ip``:``port`` is where this service's API listens."""
    if port != CONF.api.bind_port:
        return False
    try:
        bound = _plain(ipaddress.ip_address(CONF.api.bind_host))
    except ValueError:
        bound = None
    if bound is not None and not bound.is_unspecified:
        return ip == bound
    # NOTE(heat-vision): bound to a name or to every address: the API is
    # reached at loopback and at the addresses of the host's name.
    names = [socket.gethostname()]
    if bound is None:
        names.append(CONF.api.bind_host)
    if ip.is_loopback or ip.is_unspecified:
        return True
    for name in names:
        try:
            if ip in [_plain(ipaddress.ip_address(address))
                      for address in _addresses(name, port)]:
                return True
        except (socket.gaierror, UnicodeError, ValueError):
            continue
    return False


def _plain(ip):
    """An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 one."""
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def refusal(host, address, port, also_allowed=()):
    """Why ``address`` (``host`` resolved to it) may not be reached.

    :param host: the URL's host, for the message.
    :param address: one address ``host`` resolves to.
    :param port: the port the request goes to.
    :param also_allowed: networks allowed for this kind of request on top
        of ``[url_fetch] allowed_networks`` (``[cep] allowed_networks``).
    :returns: the reason as text, or None if the address is allowed.
    """
    ip = _plain(ipaddress.ip_address(address.split('%')[0]))
    literal = host == str(ip)
    if _is_own_endpoint(ip, port):
        return ("%s port %d is this service's own API ([api] bind_host "
                "and bind_port), which is never fetched"
                % (host if literal else '%s (%s)' % (host, ip), port))
    conf = CONF.url_fetch
    allowed = list(conf.allowed_networks) + list(also_allowed)
    if any(ip in net for net in _networks(allowed)):
        return None
    for net in _networks(conf.denied_networks):
        if ip in net:
            name = _NAMES.get(net)
            kind = ('%s %s address (%s)' % (
                'an' if name[0] in 'aeiouAEIOU' else 'a', name, net)
                if name else 'an address in %s' % net)
            what = ('%s is' % host if literal
                    else '%s resolves to %s,' % (host, ip))
            return ('%s %s, which [url_fetch] denied_networks denies'
                    % (what, kind))
    return None


def check(url, also_allowed=()):
    """Check a URL at validation time, before anything is fetched.

    Its form is checked, and a host that is an IP literal (in any
    spelling) is checked against the networks. A host name is not
    resolved here: ``fetch`` checks what it resolves to when it runs.

    :returns: a Target.
    :raises: URLRefused naming the host and why.
    """
    target = parse(url)
    for address in target.addresses or ():
        reason = refusal(target.host, address, target.port, also_allowed)
        if reason:
            _refuse(url, reason)
    return target


def resolve(target, also_allowed=()):
    """Resolve a Target's host and check every address.

    :returns: the addresses, every one allowed.
    :raises: URLRefused if any address is refused, URLFetchFailed if the
        name does not resolve.
    """
    addresses = target.addresses
    if addresses is None:
        try:
            addresses = _addresses(target.host, target.port)
        except (socket.gaierror, UnicodeError) as exc:
            raise exception.URLFetchFailed(
                url=target.url,
                reason='cannot resolve %s: %s' % (target.host, exc))
    for address in addresses:
        reason = refusal(target.host, address, target.port, also_allowed)
        if reason:
            _refuse(target.url, reason)
    return addresses


def fetch(url, method='GET', headers=None, data=None, json=None,
          timeout=None, max_size=None, verify=True, follow_redirects=True,
          truncate=False, also_allowed=()):
    """Send one request to a user-given URL, through the guard.

    :param url: an ``http(s)`` URL.
    :param method: the HTTP method.
    :param headers: a dict of request headers; ``Host`` is always the
        URL's own, and credentials (Authorization, Cookie) are not sent
        on to another origin a redirect points to.
    :param data: the body, bytes or text.
    :param json: a JSON-able body instead (Content-Type set to JSON).
    :param timeout: seconds the whole request may take, redirects and body
        included; ``[url_fetch] timeout`` by default, never more than
        ``[url_fetch] max_timeout``.
    :param max_size: most body bytes read; ``[url_fetch]
        max_response_size`` by default.
    :param verify: True to check the TLS certificate, a CA bundle's path,
        or False (refused unless ``[url_fetch] allow_insecure``).
    :param follow_redirects: follow up to ``[url_fetch] max_redirects``
        redirects, each checked; False returns a redirect as it is.
    :param truncate: cut a larger body at ``max_size`` (``truncated`` is
        set) instead of failing.
    :param also_allowed: networks this request may reach on top of
        ``[url_fetch] allowed_networks``.
    :returns: a Response.
    :raises: URLRefused if the guard refuses the URL or a redirect,
        URLFetchFailed if the request fails, times out, redirects too
        often or answers more than ``max_size`` bytes.
    """
    conf = CONF.url_fetch
    if verify is False and not conf.allow_insecure:
        _refuse(url, INSECURE)
    deadline = time.monotonic() + min(timeout or conf.timeout,
                                      conf.max_timeout)
    if max_size is None:
        max_size = conf.max_response_size
    headers = {name: value for name, value in (headers or {}).items()
               if name.lower() != 'host'}
    if json is not None:
        data = jsonutils.dump_as_bytes(json)
        if 'content-type' not in (name.lower() for name in headers):
            headers['Content-Type'] = 'application/json'
    previous, redirects, hop_url = None, 0, url
    while True:
        target, addresses = _checked(url, hop_url, redirects,
                                     also_allowed)
        if previous is not None and target.origin() != previous.origin():
            headers = {name: value for name, value in headers.items()
                       if name.lower() not in _CREDENTIALS}
        response = _send(target, addresses, method, headers, data, verify,
                         deadline)
        try:
            location = response.headers.get('Location')
            if (not follow_redirects or response.status not in REDIRECTS or
                    not location):
                body, cut = _read(target, response, max_size, truncate,
                                  deadline)
                return Response(target.url, response.status,
                                dict(response.headers), body, cut)
        finally:
            response.release_conn()
            response.close()
        if redirects >= conf.max_redirects:
            raise exception.URLFetchFailed(
                url=url, reason='more than %d redirects ([url_fetch] '
                                'max_redirects)' % conf.max_redirects)
        redirects += 1
        if response.status == 303 or (response.status in (301, 302) and
                                      method == 'POST'):
            method = 'GET' if method != 'HEAD' else method
            data = None
        previous, hop_url = target, urllib.parse.urljoin(target.url,
                                                         location)


def _checked(url, hop_url, redirects, also_allowed):
    """Parse and resolve one hop. :returns: the Target and addresses."""
    try:
        target = parse(hop_url)
        return target, resolve(target, also_allowed)
    except exception.URLRefused as exc:
        if not redirects:
            raise
        _refuse(url, 'the redirect to %s is refused: %s'
                % (hop_url, exc.reason))


def _remaining(target, deadline):
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise exception.URLFetchFailed(url=target.url,
                                       reason='the request timed out')
    return remaining


def _pool(target, address, verify, timeout):
    """A connection pool to ``address`` speaking for ``target``'s host."""
    import urllib3
    timeout = urllib3.Timeout(connect=timeout, read=timeout)
    if target.scheme == 'http':
        return urllib3.HTTPConnectionPool(address, target.port,
                                          timeout=timeout, retries=False)
    # NOTE(heat-vision): the socket goes to the checked address; the
    # certificate is checked against the URL's host, sent as SNI too.
    server_hostname = address if target.addresses else target.host
    ca_file = verify if isinstance(verify, str) else CONF.url_fetch.ca_file
    return urllib3.HTTPSConnectionPool(
        address, target.port, timeout=timeout, retries=False,
        cert_reqs='CERT_REQUIRED' if verify else 'CERT_NONE',
        ca_certs=ca_file, assert_hostname=None if verify else False,
        server_hostname=server_hostname)


def _send(target, addresses, method, headers, data, verify, deadline):
    """Send the request to the first of ``addresses`` that connects."""
    # NOTE(heat-vision): urllib3 (29 modules, 1 MB) is imported by the
    # functions that use it, on the first fetch: every engine and API
    # imports this module, few of them fetch anything.
    import urllib3
    headers = dict(headers, Host=target.netloc)
    error = None
    for address in addresses:
        LOG.debug('Fetching %(url)s from %(address)s',
                  {'url': target.url, 'address': address})
        pool = _pool(target, address, verify,
                     _remaining(target, deadline))
        try:
            return pool.urlopen(method, target.path, body=data,
                                headers=headers, retries=False,
                                redirect=False, assert_same_host=False,
                                preload_content=False, decode_content=True)
        except urllib3.exceptions.NewConnectionError as exc:
            error = 'cannot connect to %s port %d: %s' % (
                address, target.port, exc.__cause__ or exc)
        except (urllib3.exceptions.HTTPError, OSError) as exc:
            raise exception.URLFetchFailed(url=target.url,
                                           reason=_reason(exc))
        finally:
            pool.close()
    raise exception.URLFetchFailed(url=target.url, reason=error)


def _reason(exc):
    """The cause of a urllib3 error as a short text."""
    import urllib3
    if isinstance(exc, urllib3.exceptions.TimeoutError):
        return 'the request timed out'
    # NOTE(heat-vision): urllib3 wraps the cause; the innermost says it.
    while isinstance(getattr(exc, 'reason', None), Exception):
        exc = exc.reason
    if isinstance(exc, urllib3.exceptions.ProtocolError) and \
            len(exc.args) == 2:
        return '%s %s' % exc.args
    return str(exc) or type(exc).__name__


def _read(target, response, max_size, truncate, deadline):
    """Read at most ``max_size`` bytes of the body, within the deadline.

    :returns: the body and whether it was cut.
    """
    import urllib3
    length = response.headers.get('Content-Length', '')
    if not truncate and length.isdigit() and int(length) > max_size:
        raise exception.URLFetchFailed(
            url=target.url, reason='the response is larger than %d bytes'
                                   % max_size)
    chunks, size = [], 0
    try:
        while True:
            _set_timeout(response, _remaining(target, deadline))
            chunk = response.read1(min(_CHUNK, max_size - size + 1))
            if not chunk:
                return b''.join(chunks), False
            if size + len(chunk) > max_size:
                if not truncate:
                    raise exception.URLFetchFailed(
                        url=target.url,
                        reason='the response is larger than %d bytes'
                               % max_size)
                chunks.append(chunk[:max_size - size])
                return b''.join(chunks), True
            chunks.append(chunk)
            size += len(chunk)
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        raise exception.URLFetchFailed(url=target.url, reason=_reason(exc))


def _set_timeout(response, remaining):
    # NOTE(heat-vision): the read timeout is per socket read; a server
    # dripping one byte at a time would never trip it. Each read gets
    # what is left of the whole request's time instead.
    sock = getattr(getattr(response, 'connection', None), 'sock', None)
    if sock is not None:
        sock.settimeout(remaining)
