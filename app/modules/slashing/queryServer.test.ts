// Slashing queries over the real keepers: params as stored, one validator's signing info by its
// unitvalcons address (the SDK's errors for an empty, malformed or unknown address), and every
// signing info in pages ascending by consensus address.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  QueryParamsRequestSchema,
  QueryParamsResponseSchema,
  QuerySigningInfoRequestSchema,
  QuerySigningInfoResponseSchema,
  QuerySigningInfosRequestSchema,
  QuerySigningInfosResponseSchema,
} from "../../../gen/cosmos/slashing/v1beta1/query_pb.js";
import { accAddressToString, consAddressToString } from "../../../common/address.js";
import { GrpcCode } from "../../../common/errors.js";
import { QueryError } from "../../../common/grpc/queryError.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { consOf, FLAG_ABSENT, SlashingHarness } from "./testHarness.js";

const POWERS = [10n, 10n, 10n];
const Q = "/cosmos.slashing.v1beta1.Query/";

test("params: what the keeper stores, decimals as atomics on the wire", () => {
  const h = SlashingHarness.create(POWERS, { signedBlocksWindow: 10n });
  try {
    const { params } = h.query(`${Q}Params`, QueryParamsRequestSchema, {}, QueryParamsResponseSchema);
    assert.equal(params?.signedBlocksWindow, 10n);
    assert.equal(params?.minSignedPerWindow, parseDec("0.5").toString());
    assert.equal(params?.slashFractionDoubleSign, "50000000000000000");
    assert.equal(params?.slashFractionDowntime, "10000000000000000");
    assert.equal(params?.downtimeJailDuration?.seconds, 600n);
  } finally {
    h.close();
  }
});

test("signing info by consensus address, and the errors for bad ones", () => {
  const h = SlashingHarness.create(POWERS);
  try {
    h.block(h.votes(POWERS, [FLAG_ABSENT]));
    const address = consAddressToString(consOf(1));
    const { valSigningInfo } = h.query(`${Q}SigningInfo`, QuerySigningInfoRequestSchema, { consAddress: address }, QuerySigningInfoResponseSchema);
    assert.equal(valSigningInfo?.address, address);
    assert.equal(valSigningInfo?.missedBlocksCounter, 1n);
    assert.equal(valSigningInfo?.indexOffset, 1n);
    assert.equal(valSigningInfo?.jailedUntil?.seconds, 0n, "never jailed: the Unix epoch");
    const fails = (consAddress: string, code: number, message: RegExp) =>
      assert.throws(
        () => h.query(`${Q}SigningInfo`, QuerySigningInfoRequestSchema, { consAddress }, QuerySigningInfoResponseSchema),
        (err: unknown) => err instanceof QueryError && err.grpcCode === code && message.test(err.message),
        consAddress,
      );
    fails("", GrpcCode.INVALID_ARGUMENT, /empty cons_address/);
    fails(accAddressToString(consOf(1)), GrpcCode.INVALID_ARGUMENT, /invalid cons_address/);
    fails(consAddressToString(new Uint8Array(20).fill(7)), GrpcCode.NOT_FOUND, /no validator signing info found/);
  } finally {
    h.close();
  }
});

test("signing infos: all of them in pages, ascending by consensus address", () => {
  const h = SlashingHarness.create(POWERS);
  try {
    const all = h.query(`${Q}SigningInfos`, QuerySigningInfosRequestSchema, {}, QuerySigningInfosResponseSchema);
    const expected = [1, 2, 3]
      .map((n) => consOf(n))
      .sort(Buffer.compare)
      .map(consAddressToString);
    assert.deepEqual(
      all.info.map((i) => i.address),
      expected,
    );
    assert.equal(all.pagination?.total, 3n);
    const page = h.query(`${Q}SigningInfos`, QuerySigningInfosRequestSchema, { pagination: { limit: 2n } }, QuerySigningInfosResponseSchema);
    assert.deepEqual(
      page.info.map((i) => i.address),
      expected.slice(0, 2),
    );
    const rest = h.query(
      `${Q}SigningInfos`,
      QuerySigningInfosRequestSchema,
      { pagination: { key: page.pagination!.nextKey } },
      QuerySigningInfosResponseSchema,
    );
    assert.deepEqual(
      rest.info.map((i) => i.address),
      expected.slice(2),
    );
  } finally {
    h.close();
  }
});
