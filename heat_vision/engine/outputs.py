"""Stack outputs, resolved lazily: one failing output fails only itself."""

from heat_vision.engine import formatters
from heat_vision.template import budget


def resolve_all(stack):
    """:returns: format_output() dicts for every output of the stack.

    The outputs share one evaluation budget: together they cost no more
    than one value may.
    """
    with budget.evaluation():
        return _resolve_all(stack)


def _resolve_all(stack):
    result = []
    for name, output in stack.definition.output_definitions().items():
        try:
            value = output.resolve(stack)
            error = None
        except Exception as exc:
            value, error = None, str(exc)
        result.append(formatters.format_output(name, output.description,
                                               value, error))
    return result
