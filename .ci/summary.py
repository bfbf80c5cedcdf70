"""Print 'N passed, N failed, N skipped' for a subunit v2 stream on stdin."""

import sys

import subunit
import testtools


def main():
    summary = testtools.StreamSummary()
    stream = subunit.ByteStreamToStreamResult(sys.stdin.buffer)
    summary.startTestRun()
    stream.run(summary)
    summary.stopTestRun()
    failed = len(summary.errors) + len(summary.failures)
    skipped = len(summary.skipped)
    passed = summary.testsRun - failed - skipped
    print('%d passed, %d failed, %d skipped' % (passed, failed, skipped))


if __name__ == '__main__':
    main()
