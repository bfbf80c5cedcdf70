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

"""Job documents: parse, validate up front, normalise.

A document (YAML or JSON, or an already parsed dict)::

    name: nightly-check            # required
    kind: sequence                 # sequence | persistent | timed
    description: free text
    interval: 60                   # persistent/timed: seconds between
    schedule: fixed-rate           #   run starts, or from a run's end
                                   #   to the next start (fixed-delay)
    cron: "*/5 * * * *"            #   (persistent: interval
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

import datetime
import re

import croniter
from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.common import safe_json
from heat_vision.tasks import constants as c
from heat_vision.tasks import plugins
from heat_vision.template import parser

CONF = cfg.CONF
#: The most nodes a job document's YAML aliases may expand to (job
#: documents are small; templates may expand to ``parser.MAX_NODES``).
MAX_NODES = 100000
#: Each field of a cron expression and its largest number.
CRON_FIELDS = (('minute', 59), ('hour', 23), ('day of month', 31),
               ('month', 12), ('day of week', 7))
CRON_KEYWORDS = ('@yearly', '@annually', '@monthly', '@weekly', '@daily',
                 '@midnight', '@hourly')

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
        'schedule': {'enum': list(c.SCHEDULES)},
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

    Text is read by the template parser, with its limits on size, depth
    and alias expansion; the data must nest no deeper than a template's
    and hold only finite numbers.

    :returns: the document as a dict.
    :raises: InvalidTaskDocument
    """
    if isinstance(document, (str, bytes)):
        try:
            document = parser.parse_text(
                document, max_size=CONF.max_template_size,
                max_nodes=MAX_NODES, what='job document')
        except exception.InvalidTemplate as exc:
            raise exception.InvalidTaskDocument(
                'not valid YAML or JSON: %s' % exc)
    if not isinstance(document, dict):
        raise exception.InvalidTaskDocument('a job document is a mapping')
    try:
        safe_json.check(document, parser.MAX_DEPTH)
    except ValueError as exc:
        raise exception.InvalidTaskDocument(
            'the document %s' % exc if isinstance(exc, safe_json.TooDeep)
            else str(exc))
    # Keys YAML read as numbers or dates become strings: the document is
    # JSON.
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
    # NOTE(heat-vision): imported when a document is first checked, not
    # when an engine starts: jsonschema loads its metaschemas (and
    # referencing, rpds, attrs) at import.
    import jsonschema
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
    if 'interval' in doc:
        doc.setdefault('schedule', c.FIXED_RATE)
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
    if 'schedule' in doc and 'interval' not in doc:
        raise exception.InvalidTaskDocument(
            'only a job with an interval has a schedule', path='schedule')
    if kind == c.PERSISTENT and ('interval' in doc) == ('cron' in doc):
        raise exception.InvalidTaskDocument(
            'a persistent job needs exactly one of interval or cron',
            path='kind')
    if kind == c.TIMED and ('duration' in doc) == ('end_time' in doc):
        raise exception.InvalidTaskDocument(
            'a timed job needs exactly one of duration or end_time',
            path='kind')
    if 'interval' in doc:
        check_range(doc['interval'], CONF.tasks.min_interval,
                    CONF.tasks.max_interval, 'interval')
    if 'duration' in doc:
        check_range(doc['duration'], 0, CONF.tasks.max_job_duration,
                    'duration')
    if 'cron' in doc:
        _check_cron(doc['cron'])
    if 'end_time' in doc:
        _check_end_time(doc['end_time'])


def check_range(value, minimum, maximum, path):
    """:raises: InvalidTaskDocument unless minimum <= value <= maximum
    (seconds).
    """
    if not minimum <= value <= maximum:
        raise exception.InvalidTaskDocument(
            'must be between %s and %s seconds, not %s'
            % (_number(minimum), _number(maximum), _number(value)),
            path=path)


def _number(value):
    if float(value).is_integer() and abs(value) < 1e15:
        return '%d' % value
    return '%g' % value


def _check_cron(expression):
    """Five fields with numbers in their ranges, or a keyword, that
    match at least one time.
    """
    fields = expression.split()
    if expression.strip() not in CRON_KEYWORDS:
        if len(fields) != len(CRON_FIELDS):
            raise exception.InvalidTaskDocument(
                'a cron expression has five fields (minute hour '
                'day-of-month month day-of-week), not %d' % len(fields),
                path='cron')
        for (name, top), field in zip(CRON_FIELDS, fields):
            for number in re.findall(r'\d+', field):
                if len(number) > 2 or int(number) > top:
                    raise exception.InvalidTaskDocument(
                        'the %s field allows numbers up to %d, not %s'
                        % (name, top, number[:20]), path='cron')
    if not croniter.croniter.is_valid(expression):
        raise exception.InvalidTaskDocument(
            'not a valid cron expression', path='cron')
    try:
        croniter.croniter(expression).get_next(float)
    except croniter.CroniterError:
        raise exception.InvalidTaskDocument(
            'the cron expression never matches', path='cron')


def _check_end_time(end_time):
    try:
        when = timeutils.normalize_time(timeutils.parse_isotime(end_time))
    except ValueError as exc:
        raise exception.InvalidTaskDocument(str(exc), path='end_time')
    latest = timeutils.utcnow() + datetime.timedelta(
        seconds=CONF.tasks.max_job_duration)
    if when > latest:
        raise exception.InvalidTaskDocument(
            'must be at most %d seconds from now (before %s)'
            % (CONF.tasks.max_job_duration,
               latest.strftime('%Y-%m-%dT%H:%M:%SZ')), path='end_time')


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
        if 'delay' in retry:
            check_range(retry['delay'], 0, CONF.tasks.max_retry_delay,
                        path + '.retry.delay')
        if spec.get('timeout') is not None:
            check_range(spec['timeout'], 0, CONF.tasks.max_task_timeout,
                        path + '.timeout')
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
