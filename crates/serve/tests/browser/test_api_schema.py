"""The API fuzzed from its own OpenAPI document (schemathesis): whatever a request holds, the
answer is never a server error (5xx)."""

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

schema = schemathesis.openapi.from_url(os.environ["GORULES_URL"].rstrip("/") + "/api/openapi.json")


@schema.parametrize()
@settings(max_examples=int(os.environ.get("GORULES_SCHEMA_EXAMPLES", "40")), deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_error(case):
    case.call_and_validate(checks=[not_a_server_error])
