import { test } from "node:test";
import assert from "node:assert/strict";
import { Common, Hardfork, Mainnet } from "@ethereumjs/common";
import { withFastEipLookup } from "./eipLookup.js";
import { decodeCommon, evmCommon } from "./ethTx.js";

const libraryAnswer = (common: Common, eip: number) => Common.prototype.isActivatedEIP.call(common, eip);
// Every EIP number the library knows of lies below this; the rest must answer false.
const PROBES = [...Array(10_000).keys(), 7_702, 2 ** 31, -1, 1.5, Number.NaN];

function assertSameAnswers(common: Common): void {
  for (const eip of PROBES) assert.equal(common.isActivatedEIP(eip), libraryAnswer(common, eip), `EIP ${eip} on ${common.hardfork()}`);
}

test("the bitmap answers as Common.isActivatedEIP does, for the chain's Commons and their copies", () => {
  const chainCommon = evmCommon(262_144n);
  assert.ok(Object.hasOwn(chainCommon, "isActivatedEIP"), "the chain's Common carries the fast lookup");
  assert.equal(chainCommon.isActivatedEIP(7_702), true); // Prague's set-code txs
  assert.equal(chainCommon.isActivatedEIP(4_844), true);
  assertSameAnswers(chainCommon);
  assertSameAnswers(chainCommon.copy());
  assertSameAnswers(decodeCommon(262_144n));
});

test("a Common whose hardfork or EIPs change answers for its new list, its copies for their own", () => {
  const prague = withFastEipLookup(new Common({ chain: Mainnet, hardfork: Hardfork.Prague }));
  const london = prague.copy();
  london.setHardfork(Hardfork.London);
  assert.equal(prague.isActivatedEIP(7_702), true);
  assert.equal(london.isActivatedEIP(7_702), false);
  assert.equal(london.isActivatedEIP(1_559), true);
  // Asked in turn, each still answers from its own list.
  assert.equal(prague.isActivatedEIP(7_702), true);
  assertSameAnswers(london);
  assertSameAnswers(prague);
  const berlin = withFastEipLookup(new Common({ chain: Mainnet, hardfork: Hardfork.Berlin, eips: [3_855] }));
  assert.equal(berlin.isActivatedEIP(3_855), true);
  assert.equal(berlin.isActivatedEIP(1_559), false);
  assertSameAnswers(berlin);
});

test("a Common without the list the lookup relies on is refused, not given wrong answers", () => {
  const broken = new Common({ chain: Mainnet, hardfork: Hardfork.Prague }) as unknown as Record<string, unknown>;
  broken._activatedEIPsCache = undefined;
  assert.throws(() => withFastEipLookup(broken as unknown as Common), /no list of active EIPs/);
});
