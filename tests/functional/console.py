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

"""Runs a command-line client in the test's process, as its script would.

A console script is ``sys.exit(main())``: calling the same ``main`` with
the script's arguments and environment, its output captured, runs the
same parsing, plugins, requests and output as the command, without the
second or two of CPU a new interpreter spends importing them each time.
"""

import contextlib
import io
import logging
import os
import subprocess
import threading
from unittest import mock
import warnings

# One command at a time per process: it reads os.environ and writes to
# sys.stdout and sys.stderr.
_LOCK = threading.Lock()


@contextlib.contextmanager
def _logging_kept():
    """Undo what the command does to the logging of this process.

    cliff and osc-lib set the root logger's level, add a handler on the
    command's stderr and quieten a few libraries' loggers.
    """
    loggers = [logging.root] + [
        logger for logger in logging.Logger.manager.loggerDict.values()
        if isinstance(logger, logging.Logger)]
    levels = [(logger, logger.level) for logger in loggers]
    handlers = logging.root.handlers[:]
    try:
        yield
    finally:
        logging.root.handlers[:] = handlers
        # Only those it changed: each setLevel clears the cache of every
        # logger (over a thousand here, about 0.1 s of CPU a command
        # when all were set again).
        for logger, level in levels:
            if logger.level != level:
                logger.setLevel(level)


def run(name, main, argv, env):
    """``name <argv>`` through its ``main(argv)`` with ``env``.

    :param env: the whole environment the command sees.
    :returns: a CompletedProcess (``returncode``, ``stdout``, ``stderr``).
    """
    stdout, stderr = io.StringIO(), io.StringIO()
    with _LOCK, mock.patch.dict(os.environ, env, clear=True), \
            _logging_kept(), warnings.catch_warnings(), \
            contextlib.redirect_stdout(stdout), \
            contextlib.redirect_stderr(stderr):
        # As PYTHONWARNINGS=ignore did for the script.
        warnings.simplefilter('ignore')
        try:
            returncode = main(list(argv))
        except SystemExit as exit:
            code = exit.code
            returncode = code if isinstance(code, int) else (
                0 if code is None else 1)
    return subprocess.CompletedProcess(
        [name] + list(argv), returncode or 0, stdout.getvalue(),
        stderr.getvalue())
