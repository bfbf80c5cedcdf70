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

"""Time the validation of templates with many resources.

For 100, 500 and 1000 resources (1000 is the default
``max_resources_per_stack``, and its YAML text, about 340 KB, is within
the default ``max_template_size`` of 512 KB: a larger template would be
refused by the API before any validation) it prints the medians of:

* parse: the YAML text to a dict as the API does it, with its safety
  scan (``template.load`` within ``max_template_size``);
* validate: the dict to a validated definition and its dependency graph;
* total: both, from the text, and the time per resource (which must stay
  flat: validation grows linearly).

    python benchmarks/bench_template_validate.py [--repeat 5]
"""

import argparse
import statistics
import time

import yaml

from heat_vision.common import exception
from heat_vision.conf import limits
from heat_vision import template
from heat_vision.template import constraints as constr

COUNTS = (100, 500, 1000)
LIMITS = {opt.name: opt.default for opt in limits.limit_opts}


class _Server:
    properties_schema = {
        'name': constr.Schema(constr.Schema.STRING, 'Name.'),
        'flavor': constr.Schema(constr.Schema.STRING, 'Flavor.',
                                required=True,
                                constraints=[constr.AllowedValues(
                                    ['m1.small', 'm1.large'])]),
        'count': constr.Schema(constr.Schema.INTEGER, 'Count.', default=1,
                               constraints=[constr.Range(0, 100)]),
        'tags': constr.Schema(constr.Schema.LIST, 'Tags.',
                              schema=constr.Schema(constr.Schema.STRING)),
    }
    attributes_schema = {'first_address': None}


def _lookup(type_name):
    if type_name != 'OS::Nova::Server':
        raise exception.ResourceTypeNotFound(type_name)
    return _Server


def make_template(count):
    """A HOT template with ``count`` servers chained by functions."""
    resources = {}
    for i in range(count):
        props = {'name': {'str_replace': {
                     'template': 'web-$i-$s',
                     'params': {'$i': str(i),
                                '$s': {'get_param': 'OS::stack_name'}}}},
                 'flavor': {'get_param': 'flavor'},
                 'count': {'if': ['big', 3, 1]},
                 'tags': ['a', {'str_split': [',', 'b,c', 0]}]}
        res = {'type': 'OS::Nova::Server', 'properties': props}
        if i:
            props['name'] = {'get_attr': ['server%d' % (i - 1),
                                          'first_address']}
            res['depends_on'] = ['server%d' % (i - 1)]
        resources['server%d' % i] = res
    return {'heat_template_version': '2021-04-16',
            'parameters': {'flavor': {'type': 'string',
                                      'default': 'm1.small'}},
            'conditions': {'big': {'equals': [{'get_param': 'flavor'},
                                              'm1.large']}},
            'resources': resources,
            'outputs': {'last': {'value': {'get_resource':
                                           'server%d' % (count - 1)}}}}


def make_text(count):
    """The template of :func:`make_template` as YAML text, as sent."""
    text = yaml.safe_dump(make_template(count), sort_keys=False)
    size = len(text.encode('utf-8'))
    if size > LIMITS['max_template_size']:
        raise SystemExit('%d resources make %d bytes, over the API\'s '
                         'max_template_size (%d)'
                         % (count, size, LIMITS['max_template_size']))
    if count > LIMITS['max_resources_per_stack']:
        raise SystemExit('%d resources are over max_resources_per_stack '
                         '(%d)' % (count, LIMITS['max_resources_per_stack']))
    return text


def parse_once(text):
    return template.load(text, max_size=LIMITS['max_template_size'])


def validate_once(tmpl_dict):
    tmpl = template.Template.create(tmpl_dict)
    env = template.Environment.merged([{}], template=tmpl)
    sd = template.StackDefinition(tmpl, env, stack_name='bench')
    sd.validate(_lookup)
    return sd.dependencies()


def timed(func, *args):
    start = time.perf_counter()
    result = func(*args)
    return result, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args()
    for count in COUNTS:
        text = make_text(count)
        parse_times, validate_times, totals = [], [], []
        for _i in range(args.repeat):
            data, parse_time = timed(parse_once, text)
            _graph, validate_time = timed(validate_once, data)
            parse_times.append(parse_time)
            validate_times.append(validate_time)
            totals.append(parse_time + validate_time)
        parse_median = statistics.median(parse_times)
        total = statistics.median(totals)
        print('%5d resources (%6.0f KB): parse %.3f s, validate %.3f s, '
              'total from text %.3f s (%.1f us/resource; parse %.0f%%)'
              % (count, len(text) / 1024.0, parse_median,
                 statistics.median(validate_times), total,
                 total / count * 1e6, 100.0 * parse_median / total))


if __name__ == '__main__':
    main()
