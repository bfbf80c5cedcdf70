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

"""nova-compute with the test cloud's virt driver importable.

Nova loads ``compute_driver`` from the ``nova.virt`` package only
(``nova.virt.driver.load_compute_driver``): this starter registers
``hv_test_cloud_nova`` there as ``nova.virt.hv_test_cloud_nova``, then
runs nova-compute's own ``main``. ``nova.cmd`` is imported first, as
nova-compute's console script does (it sets Nova's process up).
"""

import importlib
import sys

from nova.cmd import compute

if __name__ == '__main__':
    sys.modules['nova.virt.hv_test_cloud_nova'] = importlib.import_module(
        'hv_test_cloud_nova')
    sys.exit(compute.main())
