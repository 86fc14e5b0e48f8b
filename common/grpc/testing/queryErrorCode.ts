// For tests: the gRPC code of the QueryError that `run` throws; fails the test if it throws
// anything else, or nothing.
import assert from "node:assert/strict";
import type { GrpcCode } from "../../errors.js";
import { QueryError } from "../queryError.js";

export function queryErrorCode(run: () => unknown): GrpcCode {
  try {
    run();
  } catch (err) {
    assert.ok(err instanceof QueryError, String(err));
    return err.grpcCode;
  }
  assert.fail("expected a QueryError");
}
