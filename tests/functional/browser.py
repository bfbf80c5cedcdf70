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

"""A real headless Chromium (Debian's ``chromium`` and ``chromium-driver``)
driven by Selenium, for the web view's tests and benchmark.

Missing, it skips the tests on a developer's machine and fails them under
``CI=true``. Screenshots go to ``$HV_ARTIFACTS_DIR`` (a temporary
directory when unset), which ``.ci/run`` keeps as CI artefacts.
"""

import os
import shutil
import tempfile

CHROMIUM = os.environ.get('HV_CHROMIUM', '/usr/bin/chromium')
CHROMEDRIVER = os.environ.get('HV_CHROMEDRIVER', '/usr/bin/chromedriver')
FLAGS = ('--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
         '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync',
         '--disable-dev-shm-usage')
_artifacts = []


def missing():
    """:returns: why no browser can run, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return 'selenium is not installed (test-requirements.txt)'
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return ('%s is missing: apt-get install -y chromium '
                    'chromium-driver' % path)
    return None


def require(testcase):
    """Fail (CI) or skip (elsewhere) unless Chromium can run."""
    reason = missing()
    if reason is None:
        return
    if os.environ.get('CI') == 'true':
        testcase.fail(reason + ' (CI=true: the browser must be there)')
    testcase.skipTest(reason)


def artifacts_dir():
    """Where screenshots go: ``$HV_ARTIFACTS_DIR`` or one temp dir."""
    if not _artifacts:
        path = os.environ.get('HV_ARTIFACTS_DIR') or tempfile.mkdtemp(
            prefix='hv-artifacts-')
        os.makedirs(path, exist_ok=True)
        _artifacts.append(path)
    return _artifacts[0]


class Browser:
    """A Chromium with a fresh profile; ``stop()`` removes the profile."""

    def __init__(self, width=1400, height=900):
        from selenium import webdriver
        from selenium.webdriver.chrome import service
        self.profile = tempfile.mkdtemp(prefix='hv-chromium-')
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument('--user-data-dir=' + self.profile)
        options.add_argument('--window-size=%d,%d' % (width, height))
        try:
            self.driver = webdriver.Chrome(
                options=options,
                service=service.Service(executable_path=CHROMEDRIVER))
        except Exception:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise

    def screenshot(self, name):
        """Save a PNG of the page in the artefacts dir; :returns: path."""
        path = os.path.join(artifacts_dir(), name + '.png')
        self.driver.save_screenshot(path)
        return path

    def stop(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
