import { test } from "node:test";
import assert from "node:assert/strict";
import { Metadata } from "@grpc/grpc-js";
import { GrpcCode } from "../errors.js";
import { HEIGHT_METADATA_KEY, requestedHeight } from "./height.js";
import { queryErrorCode as code } from "./testing/queryErrorCode.js";

test("height metadata: absent is 0, repeated or malformed is refused", () => {
  assert.equal(requestedHeight(new Metadata()), 0);
  const md = new Metadata();
  md.set(HEIGHT_METADATA_KEY, "17");
  assert.equal(requestedHeight(md), 17);
  md.add(HEIGHT_METADATA_KEY, "18");
  assert.equal(
    code(() => requestedHeight(md)),
    GrpcCode.INVALID_ARGUMENT,
  );
  const bad = new Metadata();
  bad.set(HEIGHT_METADATA_KEY, "0x10");
  assert.equal(
    code(() => requestedHeight(bad)),
    GrpcCode.INVALID_ARGUMENT,
  );
});
