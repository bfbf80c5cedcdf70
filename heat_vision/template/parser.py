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

"""Loading templates and environments from YAML or JSON text, safely.

YAML is read with ``safe_load`` semantics (the C loader when available)
after a scan of its events that refuses documents nested too deeply or
whose aliases would expand into too many nodes (billion laughs). YAML
timestamps stay strings, as in Heat, so ``heat_template_version:
2021-04-16`` is the string it looks like.
"""

import yaml

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import safe_json
from heat_vision.template import environment
from heat_vision.template import parsed_cache

DEFAULT_MAX_SIZE = 512 * 1024
MAX_DEPTH = 100
MAX_NODES = 1000000
VERSION_KEYS = ('heat_template_version', 'AWSTemplateFormatVersion',
                'HeatTemplateFormatVersion')

_BASE_LOADER = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)


# The tags of plain scalars, by loader class and text: a template says
# ``type`` and ``properties`` a hundred times. Short texts only, and a
# bounded number of them.
_PLAIN_TAGS = {}
_PLAIN_TAGS_MAX = 4096
_PLAIN_TAG_TEXT_MAX = 64


class SafeLoader(_BASE_LOADER):
    """The safe loader, with timestamps kept as strings.

    A format that adds tags of its own subclasses it (as
    ``translators/cfn/loader.py`` does) and passes its class as
    ``parse_text``'s ``loader``.
    """

    def resolve(self, kind, value, implicit):
        # A plain scalar's tag depends on its text and the class's
        # implicit resolvers only (PyYAML's ``BaseResolver.resolve``),
        # unless path resolvers are set.
        if (kind is not yaml.ScalarNode or not implicit[0] or
                self.yaml_path_resolvers or
                len(value) > _PLAIN_TAG_TEXT_MAX):
            return super().resolve(kind, value, implicit)
        key = (type(self), value)
        tag = _PLAIN_TAGS.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_PLAIN_TAGS) >= _PLAIN_TAGS_MAX:
                _PLAIN_TAGS.clear()
            _PLAIN_TAGS[key] = tag
        return tag


def _construct_str(loader, node):
    return loader.construct_scalar(node)


SafeLoader.add_constructor('tag:yaml.org,2002:timestamp', _construct_str)
SafeLoader.add_constructor('tag:yaml.org,2002:str', _construct_str)


def _scan(text, max_depth, max_nodes):
    """Refuse a YAML text too deep or expanding to too many nodes."""
    sizes = {}
    starts = []
    total = 0
    for event in yaml.parse(text, Loader=_BASE_LOADER):
        if isinstance(event, (yaml.SequenceStartEvent,
                              yaml.MappingStartEvent)):
            total += 1
            starts.append((total - 1, event.anchor))
            if len(starts) > max_depth:
                raise ValueError(_('nesting deeper than %d levels')
                                 % max_depth)
        elif isinstance(event, (yaml.SequenceEndEvent,
                                yaml.MappingEndEvent)):
            begin, anchor = starts.pop()
            if anchor is not None:
                sizes[anchor] = total - begin
        elif isinstance(event, yaml.ScalarEvent):
            total += 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
        elif isinstance(event, yaml.AliasEvent):
            total += sizes.get(event.anchor, 1)
        if total > max_nodes:
            raise ValueError(_('the document expands to more than %d '
                               'nodes') % max_nodes)


# libyaml refuses documents nested more than 1000 levels (block or flow)
# since 0.2.5: below that, composing a document first cannot exhaust the
# C stack, so its limits can be checked on the node graph.
_COMPOSES_SAFELY = (_BASE_LOADER is getattr(yaml, 'CSafeLoader', None) and
                    yaml._yaml.get_version() >= (0, 2, 5))


def _within_limits(root, max_depth, max_nodes):
    """Whether the composed document passes ``_scan``'s checks.

    Counted as ``_scan`` counts the events: a collection's first
    occurrence in document order is its anchor's (it nests), every later
    one an alias (as many nodes as it expands to, no depth; one node if
    the alias points into the collection still open); a scalar is one
    node.

    :returns: ``(passes, shared)``: ``passes`` False when anything is
        over a limit (``_scan`` then tells what); ``shared`` True when a
        collection occurs more than once (an alias of it).
    """
    if type(root) is yaml.ScalarNode:
        return True, False
    shared = False
    sizes = {}      # id(collection) -> nodes it expands to, once ended
    open_ = {}      # id(collection under way) -> total at its start
    total = 0
    # (collection, depth) to enter; (collection, None) to leave it.
    todo = [(root, 1)]
    scalar, mapping = yaml.ScalarNode, yaml.MappingNode
    while todo:
        node, depth = todo.pop()
        key = id(node)
        if depth is None:
            sizes[key] = total - open_.pop(key)
            continue
        if key in sizes:
            total += sizes[key]
            shared = True
        elif key in open_:
            total += 1
            shared = True
        else:
            if depth > max_depth:
                return False, shared
            open_[key] = total
            total += 1
            todo.append((node, None))
            children = node.value
            if type(node) is mapping:
                children = [part for pair in children for part in pair]
            depth += 1
            for child in reversed(children):
                if type(child) is scalar:
                    total += 1
                else:
                    todo.append((child, depth))
        if total > max_nodes:
            return False, shared
    return True, shared


def _load_once(text, max_depth, max_nodes, loader):
    """Compose, check the limits on the nodes, construct: one parse.

    :returns: ``(data, shared)`` (see ``_within_limits``), or
        ``(_NOT_ONCE, None)`` when the document is not good as it is (a
        YAML error, a limit): the two-parse path then tells what is
        wrong, as it always did.
    """
    instance = loader(text)
    try:
        try:
            node = instance.get_single_node()
        except yaml.YAMLError:
            return _NOT_ONCE, None
        if node is None:
            return None, False
        passes, shared = _within_limits(node, max_depth, max_nodes)
        if not passes:
            return _NOT_ONCE, None
        return instance.construct_document(node), shared
    finally:
        instance.dispose()


_NOT_ONCE = object()


def _quote_marks(exc, text):
    """Quote the line of each mark of ``exc`` with a caret under the fault.

    PyYAML's pure-Python parser writes marks so; the C parser's marks hold
    no text and name only a line and a column. Heat parses a second time
    with the pure-Python loader to get them (heat/common/template_format.py,
    ``simple_parse``); the C parser's character index is enough here.
    """
    if not isinstance(exc, yaml.MarkedYAMLError):
        return exc
    for attr in ('context_mark', 'problem_mark'):
        mark = getattr(exc, attr)
        if (mark is not None and mark.buffer is None and
                0 <= mark.index <= len(text)):
            setattr(exc, attr, yaml.Mark(mark.name, mark.index, mark.line,
                                         mark.column, text, mark.index))
    return exc


def parse_text(text, max_size=DEFAULT_MAX_SIZE, max_depth=MAX_DEPTH,
               max_nodes=MAX_NODES, what='template', loader=None):
    """Parse YAML or JSON text into data, within limits.

    :param text: str or bytes.
    :param max_size: the largest accepted size in bytes.
    :param max_depth: the deepest accepted nesting.
    :param max_nodes: the most nodes the document may expand to.
    :param what: 'template' or 'environment' (for messages).
    :param loader: a :class:`SafeLoader` subclass for YAML (default:
        SafeLoader itself).
    :returns: the data.
    :raises: exception.InvalidTemplate.
    """
    if isinstance(text, str):
        raw = text.encode('utf-8', 'surrogatepass')
    elif isinstance(text, (bytes, bytearray)):
        raw = text
    else:
        raise exception.InvalidTemplate(
            message=_('The %s must be text, bytes or a map.') % what)
    size = len(raw)
    if size > max_size:
        raise exception.InvalidTemplate(
            message=_('%(what)s size (%(size)d bytes) exceeds maximum '
                      'allowed size (%(max)d bytes).')
            % {'what': what.capitalize(), 'size': size, 'max': max_size})
    # Custom loaders may construct objects of their own: not kept.
    key = (parsed_cache.key_of(bytes(raw), max_depth, max_nodes)
           if loader is None else None)
    data = parsed_cache.get(key)
    if data is not None:
        return data
    try:
        if isinstance(text, (bytes, bytearray)):
            text = bytes(text).decode('utf-8')
        if text.lstrip().startswith('{'):
            data = safe_json.loads(text, max_depth)
            parsed_cache.put(key, data, shared=False)
        else:
            data = _NOT_ONCE
            if _COMPOSES_SAFELY:
                data, shared = _load_once(text, max_depth, max_nodes,
                                          loader or SafeLoader)
                if data is not _NOT_ONCE:
                    parsed_cache.put(key, data, shared)
            if data is _NOT_ONCE:
                _scan(text, max_depth, max_nodes)
                data = yaml.load(text, Loader=loader or SafeLoader)
    except exception.HeatVisionException:
        raise
    except (ValueError, yaml.YAMLError, RecursionError, TypeError,
            MemoryError, OverflowError) as exc:
        raise exception.InvalidTemplate(
            message=_('Error parsing %(what)s: %(err)s')
            % {'what': what, 'err': _quote_marks(exc, text)})
    return data


def check_depth(data, max_depth=MAX_DEPTH, what='template'):
    """Refuse an already parsed template or environment nested too deep.

    :raises: exception.InvalidTemplate.
    """
    try:
        safe_json.check(data, max_depth, finite=False)
    except ValueError as exc:
        raise exception.InvalidTemplate(
            message=_('Error parsing %(what)s: %(err)s')
            % {'what': what, 'err': exc})


def load(data, max_size=DEFAULT_MAX_SIZE, max_depth=MAX_DEPTH,
         max_nodes=MAX_NODES):
    """Load a template from text (YAML or JSON) or take a dict as is.

    :param data: str, bytes or dict.
    :param max_size: the largest accepted text size in bytes.
    :param max_depth: the deepest accepted nesting.
    :param max_nodes: the most nodes the document may expand to.
    :returns: the template dict.
    :raises: exception.InvalidTemplate.
    """
    if isinstance(data, dict):
        check_depth(data, max_depth)
    else:
        data = parse_text(data, max_size, max_depth, max_nodes)
    if not isinstance(data, dict):
        raise exception.InvalidTemplate(
            message=_('The template is not a JSON object or YAML mapping.'))
    if not any(k in data for k in VERSION_KEYS):
        raise exception.InvalidTemplate(
            message=_('Template format version not found.'))
    return data


def load_environment(data, max_size=DEFAULT_MAX_SIZE):
    """Load an environment from text (YAML or JSON) or a dict.

    :param data: str, bytes, dict or None.
    :param max_size: the largest accepted text size in bytes.
    :returns: the environment dict.
    :raises: exception.InvalidTemplate, exception.InvalidEnvironment.
    """
    if data is None:
        return {}
    if isinstance(data, dict):
        check_depth(data, what='environment')
    else:
        data = parse_text(data, max_size, what='environment')
    if data is None:
        return {}
    environment.check_sections(data)
    return data
