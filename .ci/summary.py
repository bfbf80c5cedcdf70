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

"""Print the failed tests' ids and the end of their tracebacks, then
'N passed, N failed, N skipped', for a subunit v2 stream on stdin.

CI shows only part of a long log, so what failed goes last, next to the
count, where a reader of a red run looks first.
"""

import sys

import subunit
import testtools

TRACEBACK_TAIL = 25


def main():
    summary = testtools.StreamSummary()
    stream = subunit.ByteStreamToStreamResult(sys.stdin.buffer)
    summary.startTestRun()
    stream.run(summary)
    summary.stopTestRun()
    broken = summary.errors + summary.failures
    for test, details in broken:
        print('FAILED %s' % test.id())
        for line in details.splitlines()[-TRACEBACK_TAIL:]:
            print('    %s' % line)
    failed = len(broken)
    skipped = len(summary.skipped)
    passed = summary.testsRun - failed - skipped
    print('%d passed, %d failed, %d skipped' % (passed, failed, skipped))


if __name__ == '__main__':
    main()
