"""Engine tests: make `py/` importable and fix the hypothesis profile.

The profile is deterministic (derandomized, no example database) so a run gives
the same games every time, here and in CI.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PY = os.path.normpath(os.path.join(HERE, "..", "..", "py"))
for path in (PY, HERE):
    if path not in sys.path:
        sys.path.insert(0, path)

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # the scenario tests run without hypothesis
    pass
else:
    from hypothesis import Phase

    # No shrinking: an example is a seed, so a smaller one is no simpler, and a failing
    # property should fail fast instead of replaying hundreds of games.
    settings.register_profile(
        "kozyr", deadline=None, derandomize=True, database=None, print_blob=False,
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    settings.load_profile(os.environ.get("KOZYR_HYPOTHESIS_PROFILE", "kozyr"))
