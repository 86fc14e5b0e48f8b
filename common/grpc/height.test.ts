import { test } from "node:test";
import assert from "node:assert/strict";
import { GrpcCode } from "../errors.js";
import { HEIGHT_METADATA_KEY, requestedHeight } from "./height.js";
import { queryErrorCode as code } from "./testing/queryErrorCode.js";

test("height metadata: absent is 0, repeated or malformed is refused", () => {
  assert.equal(requestedHeight({}), 0);
  assert.equal(requestedHeight({ [HEIGHT_METADATA_KEY]: "17" }), 17);
  assert.equal(
    code(() => requestedHeight({ [HEIGHT_METADATA_KEY]: ["17", "18"] })),
    GrpcCode.INVALID_ARGUMENT,
  );
  for (const bad of ["0x10", "", "-1", "99999999999999999"]) {
    assert.equal(
      code(() => requestedHeight({ [HEIGHT_METADATA_KEY]: bad })),
      GrpcCode.INVALID_ARGUMENT,
    );
  }
});
