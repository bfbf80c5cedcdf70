"""The recorder's write-through shares flushes between threads."""

import threading
import time
from unittest import mock

from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import recorder
from tests.unit.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
''' + ''.join('  r%d: {type: OS::Heat::None}\n' % i for i in range(40))


class WriteThroughTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def test_concurrent_write_throughs_share_flushes(self):
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        rec = recorder.Recorder(self.ctxt, row)
        rows = list(self.rows().values())
        real = db_resources.resource_update_many
        flushes = []
        written = {}

        def counted(context, changes):
            flushes.append(len(changes))
            real(context, changes)

        def write(resource):
            rec.resource_fields(resource, physical_resource_id='p-' +
                                resource.name)
            # Back from a write-through means: in the database already.
            stored = self.rows()[resource.name].physical_resource_id
            written[resource.name] = stored

        with mock.patch.object(db_resources, 'resource_update_many',
                               counted):
            threads = [threading.Thread(target=write, args=(r,))
                       for r in rows]
            # A flush under way while every thread queues its change: the
            # next flush must write them all, and nobody flush again.
            with rec._flush_lock:
                for thread in threads:
                    thread.start()
                deadline = time.monotonic() + 60
                while (rec._queued < len(rows) and
                       time.monotonic() < deadline):
                    time.sleep(0.01)
            for thread in threads:
                thread.join(30)
        self.assertEqual({r.name: 'p-' + r.name for r in rows}, written)
        self.assertEqual([len(rows)], flushes)
