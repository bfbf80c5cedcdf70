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

"""OS::Heat::MultipartMime: several configs in one multipart MIME message.
"""

from email.mime import multipart
from email.mime import text
import email.parser
import os

from oslo_utils import uuidutils

from heat_vision.common.i18n import _
from heat_vision.resources.heat import software_config
from heat_vision.template import constraints

Schema = constraints.Schema
PART_TYPES = (TEXT, MULTIPART) = ('text', 'multipart')


class MultipartMime(software_config.SoftwareConfig):
    """Joins parts (config texts or stored config ids) into one message,
    typically for cloud-init user data.
    """

    PROPERTIES = (GROUP, PARTS) = ('group', 'parts')
    PART_KEYS = (CONFIG_, FILENAME, TYPE, SUBTYPE) = (
        'config', 'filename', 'type', 'subtype')

    properties_schema = {
        GROUP: software_config.GROUP_SCHEMA,
        PARTS: Schema(Schema.LIST, _('Parts belonging to this message.'),
                      default=[], schema=Schema(
                          Schema.MAP, _('A part.'), schema={
                              CONFIG_: Schema(
                                  Schema.STRING,
                                  _('Content of the part: a text, or the '
                                    'id of a stored software config.'),
                                  required=True),
                              FILENAME: Schema(
                                  Schema.STRING,
                                  _('Optional filename of the part.')),
                              TYPE: Schema(
                                  Schema.STRING,
                                  _('Whether the part is a text or itself '
                                    'a multipart message to merge.'),
                                  default=TEXT, constraints=[
                                      constraints.AllowedValues(
                                          PART_TYPES)]),
                              SUBTYPE: Schema(
                                  Schema.STRING,
                                  _('MIME subtype of a text part.')),
                          })),
    }

    def config_text(self):
        """:returns: the MIME message as a string."""
        subparts = []
        for part in self.properties.get(self.PARTS) or ():
            config = _content(self.stack, part[self.CONFIG_])
            if part[self.TYPE] == MULTIPART:
                message = email.parser.Parser().parsestr(config)
                subparts.extend(message.get_payload()
                                if message.is_multipart() else [message])
                continue
            filename = part.get(self.FILENAME) or ''
            subtype = part.get(self.SUBTYPE) or (
                os.path.splitext(filename)[0] if filename else None)
            subparts.append(_text_part(config, subtype, filename))
        return multipart.MIMEMultipart(_subparts=subparts).as_string()


def _content(stack, config):
    """A stored config's text when ``config`` is its id, else ``config``.
    """
    if uuidutils.is_uuid_like(config):
        text = stack.software_config_text(config)
        return config if text is None else text
    return config


def _text_part(content, subtype, filename):
    try:
        content.encode('us-ascii')
        charset = 'us-ascii'
    except UnicodeEncodeError:
        charset = 'utf-8'
    part = (text.MIMEText(content, _subtype=subtype, _charset=charset)
            if subtype else text.MIMEText(content, _charset=charset))
    if filename:
        part.add_header('Content-Disposition', 'attachment',
                        filename=filename)
    return part
