"""Job documents: parse, validate up front, normalise.

A document (YAML or JSON, or an already parsed dict)::

    name: nightly-check            # required
    kind: sequence                 # sequence | persistent | timed
    description: free text
    interval: 60                   # persistent/timed: seconds between
    cron: "*/5 * * * *"            #   run starts (persistent: interval
    duration: 172800               #   or cron); timed: duration seconds
    end_time: 2026-12-01T00:00:00Z #   or end_time
    tasks:
      - name: fetch                # unique in the job
        action: http.request       # a heat_vision.tasks plugin
        input: {url: "http://..."} # checked by the plugin's schema
        requires: [other]          # a graph; without any ``requires``
        retry: {count: 3, delay: 2}  # the tasks run in list order
        timeout: 30

Every error names its path (``tasks[1].input.url: ...``), as templates'
errors do. ``normalise`` returns the canonical dict that is stored and
that the flow factory rebuilds flows from.
"""

import croniter
import jsonschema
from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import yaml

from heat_vision.common import exception
from heat_vision.tasks import constants as c
from heat_vision.tasks import plugins

CONF = cfg.CONF

_NAME = {'type': 'string', 'minLength': 1, 'maxLength': 255,
         'pattern': r'^[A-Za-z0-9_.\-]+$'}
_SECONDS = {'type': 'number', 'exclusiveMinimum': 0}

SCHEMA = {
    'type': 'object',
    'additionalProperties': False,
    'required': ['name', 'tasks'],
    'properties': {
        'name': _NAME,
        'kind': {'enum': list(c.KINDS)},
        'description': {'type': 'string'},
        'interval': {'type': 'number', 'minimum': 0},
        'cron': {'type': 'string'},
        'duration': _SECONDS,
        'end_time': {'type': 'string'},
        'tasks': {
            'type': 'array', 'minItems': 1,
            'items': {
                'type': 'object',
                'additionalProperties': False,
                'required': ['name', 'action'],
                'properties': {
                    'name': _NAME,
                    'action': {'type': 'string'},
                    'input': {'type': 'object'},
                    'requires': {'type': 'array', 'items': _NAME,
                                 'uniqueItems': True},
                    'retry': {
                        'type': 'object', 'additionalProperties': False,
                        'properties': {
                            'count': {'type': 'integer', 'minimum': 0,
                                      'maximum': 100},
                            'delay': {'type': 'number', 'minimum': 0}}},
                    'timeout': _SECONDS,
                },
            },
        },
    },
}


def parse(document):
    """:param document: a dict, or its YAML/JSON text.

    :returns: the document as a dict.
    :raises: InvalidTaskDocument
    """
    if isinstance(document, (str, bytes)):
        try:
            document = yaml.safe_load(document)
        except yaml.YAMLError as exc:
            raise exception.InvalidTaskDocument(
                'not valid YAML or JSON: %s' % exc)
    if not isinstance(document, dict):
        raise exception.InvalidTaskDocument('a job document is a mapping')
    # Dates parsed by YAML become strings again: the document is JSON.
    return jsonutils.loads(jsonutils.dumps(document))


def path_of(parts, prefix=''):
    """``['tasks', 1, 'input']`` -> ``tasks[1].input``."""
    text = prefix
    for part in parts:
        if isinstance(part, int):
            text += '[%d]' % part
        else:
            text += ('.' if text else '') + str(part)
    return text


def check_schema(schema, value, prefix=''):
    """:raises: InvalidTaskDocument naming the first error's path."""
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(value),
                    key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        error = errors[0]
        path = path_of(error.absolute_path, prefix)
        raise exception.InvalidTaskDocument(error.message, path=path or None)


def normalise(document):
    """Validate a job document and fill in every default.

    :param document: a dict, or its YAML/JSON text.
    :returns: the canonical document (a JSON-able dict).
    :raises: InvalidTaskDocument
    """
    doc = parse(document)
    check_schema(SCHEMA, doc)
    doc.setdefault('kind', c.SEQUENCE)
    doc.setdefault('description', '')
    if len(doc['tasks']) > CONF.tasks.max_tasks:
        raise exception.InvalidTaskDocument(
            'at most %d tasks are allowed' % CONF.tasks.max_tasks,
            path='tasks')
    _check_schedule(doc)
    doc['tasks'] = _normalise_tasks(doc['tasks'])
    return doc


def _check_schedule(doc):
    kind = doc['kind']
    allowed = {c.SEQUENCE: (),
               c.PERSISTENT: ('interval', 'cron'),
               c.TIMED: ('interval', 'duration', 'end_time')}[kind]
    for key in ('interval', 'cron', 'duration', 'end_time'):
        if key in doc and key not in allowed:
            raise exception.InvalidTaskDocument(
                'not allowed in a %s job' % kind, path=key)
    if kind == c.PERSISTENT and ('interval' in doc) == ('cron' in doc):
        raise exception.InvalidTaskDocument(
            'a persistent job needs exactly one of interval or cron',
            path='kind')
    if kind == c.TIMED and ('duration' in doc) == ('end_time' in doc):
        raise exception.InvalidTaskDocument(
            'a timed job needs exactly one of duration or end_time',
            path='kind')
    if 'cron' in doc and not croniter.croniter.is_valid(doc['cron']):
        raise exception.InvalidTaskDocument(
            'not a valid cron expression', path='cron')
    if 'end_time' in doc:
        try:
            timeutils.parse_isotime(doc['end_time'])
        except ValueError as exc:
            raise exception.InvalidTaskDocument(str(exc), path='end_time')


def _normalise_tasks(tasks):
    names = [t['name'] for t in tasks]
    graph = any('requires' in t for t in tasks)
    result = []
    for index, spec in enumerate(tasks):
        path = 'tasks[%d]' % index
        if spec['name'] in names[:index]:
            raise exception.InvalidTaskDocument(
                'duplicate task name "%s"' % spec['name'], path=path + '.name')
        plugin = plugins.get(spec['action'], path=path + '.action')
        inputs = spec.get('input', {})
        plugin.validate(inputs, path=path + '.input')
        if graph:
            requires = spec.get('requires', [])
        else:
            requires = names[index - 1:index]
        for number, name in enumerate(requires):
            if name not in names or name == spec['name']:
                raise exception.InvalidTaskDocument(
                    'unknown task "%s"' % name,
                    path='%s.requires[%d]' % (path, number))
        retry = spec.get('retry', {})
        result.append({'name': spec['name'], 'action': spec['action'],
                       'input': inputs, 'requires': requires,
                       'retry': {'count': retry.get('count', 0),
                                 'delay': retry.get('delay', 0)},
                       'timeout': spec.get('timeout')})
    _check_acyclic(result)
    return result


def _check_acyclic(tasks):
    requires = {t['name']: t['requires'] for t in tasks}
    done, visiting = set(), []

    def visit(name):
        if name in done:
            return
        if name in visiting:
            cycle = visiting[visiting.index(name):] + [name]
            index = [t['name'] for t in tasks].index(name)
            raise exception.InvalidTaskDocument(
                'circular requirement: %s' % ' -> '.join(cycle),
                path='tasks[%d].requires' % index)
        visiting.append(name)
        for required in requires[name]:
            visit(required)
        visiting.pop()
        done.add(name)

    for task in tasks:
        visit(task['name'])
