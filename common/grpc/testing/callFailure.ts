// For tests: the ServiceError a gRPC call rejects with; fails the test if the call succeeds.
import assert from "node:assert/strict";
import type { ServiceError } from "@grpc/grpc-js";

export async function callFailure(work: Promise<unknown>): Promise<ServiceError> {
  try {
    await work;
  } catch (err) {
    return err as ServiceError;
  }
  assert.fail("expected the call to fail");
}
