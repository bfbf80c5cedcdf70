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

"""heat-vision's tests.

Hypothesis runs 50 examples a test for developers and 1,000 in CI: CI
sets ``HV_HYPOTHESIS_PROFILE=ci`` (``.ci/run``). The profile is loaded
here, before any test module builds its settings from it.
"""

import os

import hypothesis

hypothesis.settings.register_profile(
    'ci', max_examples=1000, deadline=None, database=None,
    suppress_health_check=list(hypothesis.HealthCheck))
hypothesis.settings.register_profile(
    'dev', hypothesis.settings.get_profile('ci'), max_examples=50)
hypothesis.settings.load_profile(
    os.environ.get('HV_HYPOTHESIS_PROFILE', 'dev'))
