// Slashing genesis: the default (the SDK's params in decimal form), params read from decimal text
// and stored as atomics, signing infos and missed blocks imported and checked against each other.
import { test } from "node:test";
import assert from "node:assert/strict";
import { consAddressToString } from "../../../common/address.js";
import { parseDec } from "../../../sdk/math/dec.js";
import { defaultSlashingGenesis, initSlashingGenesis } from "./genesis.js";
import { consOf, SlashingHarness } from "./testHarness.js";

const A = () => consAddressToString(consOf(7));
const B = () => consAddressToString(consOf(8));

function info(address: string, missed: number) {
  return { address, start_height: "3", index_offset: "12", jailed_until: "1970-01-01T00:00:00Z", tombstoned: false, missed_blocks_counter: String(missed) };
}

test("the default genesis is the SDK's default params in decimal form", () => {
  assert.deepEqual(defaultSlashingGenesis(), {
    params: {
      signed_blocks_window: "100",
      min_signed_per_window: "0.500000000000000000",
      downtime_jail_duration: "600s",
      slash_fraction_double_sign: "0.050000000000000000",
      slash_fraction_downtime: "0.010000000000000000",
    },
    signing_infos: [],
    missed_blocks: [],
  });
});

test("params, signing infos and missed blocks are imported", () => {
  const h = SlashingHarness.create([10n]);
  try {
    initSlashingGenesis(h.ctx, h.slashing, {
      params: {
        signed_blocks_window: "20",
        min_signed_per_window: "0.25",
        downtime_jail_duration: "5s",
        slash_fraction_double_sign: "0.1",
        slash_fraction_downtime: "0",
      },
      signing_infos: [
        { address: A(), validator_signing_info: info(A(), 2) },
        { address: B(), validator_signing_info: info(B(), 0) },
      ],
      missed_blocks: [
        {
          address: A(),
          missed_blocks: [
            { index: "3", missed: true },
            { index: "4", missed: false },
            { index: "19", missed: true },
          ],
        },
      ],
    });
    const p = h.slashing.params(h.ctx.store);
    assert.deepEqual(
      [p.signedBlocksWindow, p.minSignedPerWindow, p.downtimeJailDuration.seconds, p.slashFractionDoubleSign, p.slashFractionDowntime],
      [20n, parseDec("0.25"), 5n, parseDec("0.1"), 0n],
    );
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(7))?.missedBlocksCounter, 2n);
    assert.equal(h.slashing.getSigningInfo(h.ctx.store, consOf(7))?.startHeight, 3n);
    assert.deepEqual(h.slashing.missedIndexes(h.ctx.store, consOf(7)), [3n, 19n]);
  } finally {
    h.close();
  }
});

/** The default params; a genesis gives all of them, as in the SDK (a missing one reads as zero). */
const params = () => (defaultSlashingGenesis() as { params: Record<string, unknown> }).params;

test("inconsistent or malformed genesis is refused with the entry named", () => {
  const h = SlashingHarness.create([10n]);
  try {
    const cases: [unknown, RegExp][] = [
      [{ params: { signed_blocks_window: "0" } }, /slashing genesis: signed blocks window must be positive/],
      [{ params: { ...params(), min_signed_per_window: "1.5" } }, /min signed per window too large/],
      [{ params: { ...params(), min_signed_per_window: "-0.5" } }, /invalid decimal/],
      [{ params: { ...params(), downtime_jail_duration: "0s" } }, /downtime jail duration must be positive/],
      [{ params: { ...params(), slash_fraction_downtime: 0.5 } }, /slash_fraction_downtime must be a decimal string/],
      [{ signing_infos: [{ address: "unit1xyz", validator_signing_info: info(A(), 0) }] }, /signing_infos\[0\]\.address/],
      [
        {
          signing_infos: [
            { address: A(), validator_signing_info: info(A(), 0) },
            { address: A(), validator_signing_info: info(A(), 0) },
          ],
        },
        /listed twice/,
      ],
      [{ signing_infos: [{ address: A(), validator_signing_info: info(A(), 1) }] }, /counts 1 missed blocks that missed_blocks does not list/],
      [
        {
          signing_infos: [{ address: A(), validator_signing_info: info(A(), 2) }],
          missed_blocks: [{ address: A(), missed_blocks: [{ index: "1", missed: true }] }],
        },
        /has 1 missed blocks but its signing info counts 2/,
      ],
      [{ missed_blocks: [{ address: A(), missed_blocks: [{ index: "100", missed: true }] }] }, /index 100 is outside the signed blocks window \[0, 100\)/],
      [[], /must be an object/],
    ];
    for (const [genesis, message] of cases) assert.throws(() => initSlashingGenesis(h.ctx, h.slashing, genesis), message, message.source);
  } finally {
    h.close();
  }
});
