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

"""The cap on glibc's malloc arenas."""

import ctypes

from heat_vision.common import malloc_arenas
from tests import base


class FakeMallopt:

    def __init__(self, answer):
        self.calls = []
        self.answer = answer

    def __call__(self, param, value):
        self.calls.append((param, value))
        return self.answer


class FakeLibc:

    def __init__(self, answer=1):
        self.mallopt = FakeMallopt(answer)


class FakeLibcWithout:
    """A C library with no mallopt (not glibc)."""


class MallocArenasTest(base.TestCase):

    def _limit(self, libc, environ=None):
        return malloc_arenas.limit(environ=environ or {}, libc=libc)

    def test_caps_the_arenas(self):
        libc = FakeLibc()
        self.assertTrue(self._limit(libc))
        self.assertEqual([(-8, 2)], libc.mallopt.calls)

    def test_the_operators_setting_wins(self):
        libc = FakeLibc()
        self.assertFalse(self._limit(libc, {'MALLOC_ARENA_MAX': '8'}))
        self.assertEqual([], libc.mallopt.calls)

    def test_no_mallopt_is_no_cap(self):
        self.assertFalse(self._limit(FakeLibcWithout()))

    def test_a_refused_option_is_reported(self):
        self.assertFalse(self._limit(FakeLibc(answer=0)))

    def test_the_real_library_takes_it(self):
        # This machine's C library: glibc on the supported platforms.
        self.assertTrue(hasattr(ctypes.CDLL(None), 'mallopt'))
        self.assertTrue(malloc_arenas.limit(environ={}))
