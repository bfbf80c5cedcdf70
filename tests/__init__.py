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
