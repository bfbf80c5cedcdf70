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

"""AWS Query API answers: ``<{Action}Response>`` documents and errors."""

from xml.etree import ElementTree

import webob

NAMESPACE = 'http://cloudformation.amazonaws.com/doc/2010-05-15/'
MEDIA_TYPE = 'text/xml'


def _fill(element, value):
    """Dicts become child elements, lists ``member`` elements."""
    if isinstance(value, dict):
        for key, child in value.items():
            if child is not None:
                _fill(ElementTree.SubElement(element, key), child)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _fill(ElementTree.SubElement(element, 'member'), item)
    elif isinstance(value, bool):
        element.text = 'true' if value else 'false'
    else:
        element.text = str(value)


def _root(tag, heat_shape):
    if heat_shape:
        return ElementTree.Element(tag)
    return ElementTree.Element(tag, xmlns=NAMESPACE)


def _render(root, status, heat_shape=False):
    # heat-api-cfn's answers had no declaration (heat/common/serializers.py
    # XMLResponseSerializer): os-collect-config parses the decoded text,
    # which lxml refuses with an encoding declaration.
    body = ElementTree.tostring(root, encoding='utf-8',
                                xml_declaration=not heat_shape)
    return webob.Response(status=status, body=body,
                          content_type=MEDIA_TYPE, charset='UTF-8')


def result(action, content, request_id, heat_shape=False):
    """:returns: the 200 answer of ``action`` with ``content``.

    :param heat_shape: as heat-api-cfn answered: no XML namespace (the
        cfn collector of os-collect-config finds its elements by their
        bare names) and no XML declaration.
    """
    root = _root(action + 'Response', heat_shape)
    if content is not None:
        _fill(ElementTree.SubElement(root, action + 'Result'), content)
    _fill(ElementTree.SubElement(root, 'ResponseMetadata'),
          {'RequestId': request_id})
    return _render(root, 200, heat_shape)


def error(status, sender, code, message, request_id, heat_shape=False):
    """:returns: an AWS ``ErrorResponse`` with HTTP ``status``."""
    root = _root('ErrorResponse', heat_shape)
    _fill(root, {'Error': {'Type': 'Sender' if sender else 'Receiver',
                           'Code': code, 'Message': message},
                 'RequestId': request_id})
    return _render(root, status, heat_shape)
