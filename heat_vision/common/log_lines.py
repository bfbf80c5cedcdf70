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

"""One log record, one line: control characters in messages escaped.

Messages carry tenants' text (status reasons quote template values,
resource type names, signal reasons). A newline in it would start what
reads as a new record of the service's own, with a timestamp and level
the tenant chose. Every record's message is therefore written with its
line breaks and other control characters escaped, as ``\\n`` or
``\\xNN``. Tracebacks are not messages: the formatter adds them after
this, as the multi-line block operators expect.
"""

import logging

_BREAKS = {0x0a: '\\n', 0x0d: '\\r', 0x85: '\\x85',
           0x2028: '\\u2028', 0x2029: '\\u2029'}
#: Every C0 control character but tab, DEL, and what Unicode counts as a
#: line break (NEL, LINE and PARAGRAPH SEPARATOR, which some log viewers
#: split on).
ESCAPES = {**{code: '\\x%02x' % code for code in range(0x20) if code != 0x09},
           0x7f: '\\x7f', **_BREAKS}


def escape(text):
    """:returns: ``text`` with its control characters escaped."""
    return text.translate(ESCAPES)


class OneLineFilter(logging.Filter):
    """A handler filter that makes each record's message one line."""

    def filter(self, record):
        try:
            message = record.getMessage()
        except Exception:
            # Arguments that do not fit the format: the handler reports
            # that itself when it formats the record.
            return True
        escaped = escape(message)
        if escaped != message:
            record.msg, record.args = escaped, None
        return True


def install(logger=None):
    """Add ``OneLineFilter`` to each handler of ``logger`` that lacks it.

    :param logger: the root logger by default, where oslo.log puts the
        handlers of every destination it was configured with.
    """
    logger = logger if logger is not None else logging.getLogger()
    for handler in logger.handlers:
        if not any(isinstance(f, OneLineFilter) for f in handler.filters):
            handler.addFilter(OneLineFilter())
