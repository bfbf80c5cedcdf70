"""Time the validation of templates with many resources.

Prints the median time of parse + validate + dependency graph for 100,
1000 and 5000 resources, and the time per resource (which must stay flat:
validation grows linearly).

    python benchmarks/bench_template_validate.py [--repeat 5]
"""

import argparse
import statistics
import time

from heat_vision.common import exception
from heat_vision import template
from heat_vision.template import constraints as constr


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


def validate_once(tmpl_dict):
    tmpl = template.Template.create(tmpl_dict)
    env = template.Environment.merged([{}], template=tmpl)
    sd = template.StackDefinition(tmpl, env, stack_name='bench')
    sd.validate(_lookup)
    return sd.dependencies()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--repeat', type=int, default=5)
    args = parser.parse_args()
    for count in (100, 1000, 5000):
        data = make_template(count)
        times = []
        for _i in range(args.repeat):
            start = time.perf_counter()
            validate_once(data)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        print('%5d resources: median %.3f s (%.1f us/resource)'
              % (count, median, median / count * 1e6))


if __name__ == '__main__':
    main()
