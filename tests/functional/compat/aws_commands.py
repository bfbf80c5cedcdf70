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

"""Runs ``aws`` commands one after the other in one process.

Run by the AWS CLI's own virtualenv's python (awscli is not a test
requirement). Each line of stdin is a command, ``{"args": [...], "env":
{...}}``, run as the ``aws`` script runs it (``awscli.clidriver.main()``
on its ``sys.argv``: a new driver and botocore session, in the
environment given); its answer is a line of stdout, ``{"returncode",
"stdout", "stderr"}``. A new ``aws`` process per command cost about a
second of CPU for its imports: AWSCLITest (about twenty commands) took
47 CPU-s with its service and test runner, 26 through this.
"""

import contextlib
import io
import json
import os
import sys

from awscli import clidriver

# What importing awscli put in the environment (its data's folder), as in
# every ``aws`` process: kept whatever environment a command gives.
IMPORTED = {'AWS_DATA_PATH': os.environ['AWS_DATA_PATH']}


def run(args, env):
    os.environ.clear()
    os.environ.update(env, **IMPORTED)
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), \
            contextlib.redirect_stderr(stderr):
        try:
            sys.argv = ['aws'] + list(args)
            returncode = clidriver.main()
        except SystemExit as exit:
            code = exit.code
            returncode = code if isinstance(code, int) else (
                0 if code is None else 1)
    return {'returncode': returncode or 0, 'stdout': stdout.getvalue(),
            'stderr': stderr.getvalue()}


def main():
    answers = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        answers.write(json.dumps(run(request['args'], request['env'])) +
                      '\n')
        answers.flush()


if __name__ == '__main__':
    main()
