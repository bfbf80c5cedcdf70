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
