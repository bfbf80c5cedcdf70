"""pecan's controller argument spec, computed once per controller.

For every request pecan asks ``getargspec(controller)`` to drop query
parameters the controller does not take; pecan's compat version builds a
new ``namedtuple`` class each time, which was about a twentieth of a
stack list's CPU. A controller's signature does not change, so the
answer is kept per function (the set of controllers is fixed).
"""

import pecan.core
import pecan.util

_original = pecan.util.getargspec
_specs = {}


def getargspec(controller):
    """pecan's ``getargspec``, remembered per underlying function."""
    key = getattr(controller, '__func__', controller)
    try:
        return _specs[key]
    except KeyError:
        spec = _specs[key] = _original(controller)
        return spec
    except TypeError:   # an unhashable callable: not remembered
        return _original(controller)


def install():
    """Make pecan's request handling use :func:`getargspec`."""
    pecan.core.getargspec = getargspec
