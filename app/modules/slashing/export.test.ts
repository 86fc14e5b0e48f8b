// Slashing and evidence export: after missed blocks, a downtime jail and a double sign, each
// module's state comes back as the genesis section that rebuilds the same store entries
// (signing infos, missed-block bitmaps, params; handled evidence), and export again is equal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { consAddressToString } from "../../../common/address.js";
import { evidenceModule } from "../evidence/module.js";
import { assertGenesisRoundTrip } from "../../testing/moduleGenesisRoundTrip.js";
import { slashingModule } from "./module.js";
import { consOf, FLAG_ABSENT, FLAG_COMMIT, SlashingHarness } from "./testHarness.js";

const POWERS = [10n, 10n, 10n, 10n];

test("slashing and evidence export -> import -> export: byte for byte after misses, a jail and a double sign", () => {
  const h = SlashingHarness.create(POWERS, { signedBlocksWindow: 20n, minSignedPerWindow: 500_000_000_000_000_000n });
  try {
    // Validator 3 misses every other block; validator 4 misses the whole window and is jailed.
    for (let i = 0; i < 25; i++) h.block(h.votes(POWERS, [FLAG_COMMIT, FLAG_COMMIT, i % 2 ? FLAG_ABSENT : FLAG_COMMIT, FLAG_ABSENT]));
    h.block(h.votes(POWERS), [{ type: 1, consAddress: consOf(2), power: 10n, height: 20n, time: timestampFromMs(1_700_000_010_000), totalVotingPower: 40n }]);
    h.block(h.votes(POWERS));

    const slashing = assertGenesisRoundTrip(slashingModule(h.slashing), h.f.branch, h.ctx.header);
    const g = slashing.exported as {
      params: { signed_blocks_window: string };
      signing_infos: { address: string; validator_signing_info: { tombstoned: boolean; missed_blocks_counter: string } }[];
      missed_blocks: { address: string; missed_blocks: { index: string; missed: boolean }[] }[];
    };
    assert.equal(g.params.signed_blocks_window, "20");
    // Ascending by address bytes, as stored.
    const byBytes = [1, 2, 3, 4].map(consOf).sort((a, b) => Buffer.compare(a, b));
    assert.deepEqual(
      g.signing_infos.map((s) => s.address),
      byBytes.map(consAddressToString),
    );
    const info = (n: number) => g.signing_infos.find((s) => s.address === consAddressToString(consOf(n)))!.validator_signing_info;
    const missed = (n: number) => g.missed_blocks.find((m) => m.address === consAddressToString(consOf(n)))!.missed_blocks;
    assert.equal(info(2).tombstoned, true);
    assert.ok(BigInt(info(3).missed_blocks_counter) > 0n);
    assert.equal(missed(3).length, Number(info(3).missed_blocks_counter));
    assert.ok(missed(3).every((m) => m.missed));
    assert.ok(slashing.keys > 4, "signing infos and bitmap chunks are stored");

    const evidence = assertGenesisRoundTrip(evidenceModule(h.evidence), h.f.branch, h.ctx.header);
    const list = (evidence.exported as { evidence: Record<string, string>[] }).evidence;
    assert.equal(list.length, 1);
    assert.deepEqual(
      [list[0]!["@type"], list[0]!.consensus_address, list[0]!.height],
      ["/cosmos.evidence.v1beta1.Equivocation", consAddressToString(consOf(2)), "20"],
    );
  } finally {
    h.close();
  }
});
