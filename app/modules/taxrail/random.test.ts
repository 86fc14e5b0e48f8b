// Seeded random rule changes, registrations, transfers (some unaffordable, some to unattested
// accounts, some by non-owners) and withdrawals (some too large, some by the wrong authority), run
// straight on the block's branch. After every operation: the taxrail module account holds exactly
// the sum of every jurisdiction's balance (the bank-supply-style invariant), each balance matches
// an independent model, and a refused operation changed nothing. Rerun a failure with
// TAXRAIL_SEED=<seed>; TAXRAIL_OPS sets the number of operations per seed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { prng } from "../../../test/support/prng.js";
import { AppError } from "../../../common/errors.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { msgRegisterAssetHandler, msgSetJurisdictionAuthorityHandler, msgTransferAssetHandler } from "../registry/msgServer.js";
import { addr, Harness } from "../registry/testHarness.js";
import { brokenInvariants } from "./invariants.js";
import { msgSetTaxRuleHandler, msgWithdrawTaxHandler } from "./msgServer.js";

const SEEDS = process.env.TAXRAIL_SEED ? [Number(process.env.TAXRAIL_SEED)] : [1, 2611, 424242];
const OPS = Number(process.env.TAXRAIL_OPS ?? 1000);
const CODES = ["US-CA", "DE", "FR-75"];
const AUTHORITIES = [addr(1), addr(2), addr(3)];
const USERS = [4, 5, 6, 7, 8].map(addr); // 8 is never attested
const DENOMS = ["uunit", "ustable"];

function run(seed: number): void {
  const rand = prng(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const h = new Harness(USERS.slice(0, 4).flatMap((u) => [{ address: u.bytes, amount: BigInt(1 + int(5_000_000)) }]));
  for (const u of USERS.slice(0, 4)) h.attested.add(u.text);
  const m = {
    set: msgSetJurisdictionAuthorityHandler(h.registry),
    register: msgRegisterAssetHandler(h.registry),
    transfer: msgTransferAssetHandler(h.registry),
    rule: msgSetTaxRuleHandler(h.taxrail),
    withdraw: msgWithdrawTaxHandler(h.taxrail),
  };
  // ustable exists only in the hands of users 4 and 5 (via a bank transfer from a funded genesis account).
  const ctx = h.ctx();
  h.bank.setGenesisBalance(ctx, USERS[0]!.bytes, { denom: "ustable", amount: 3_000_000n });
  h.bank.setGenesisBalance(ctx, USERS[1]!.bytes, { denom: "ustable", amount: 3_000_000n });
  h.bank.setSupply(ctx, { denom: "ustable", amount: 6_000_000n });
  CODES.forEach((jurisdictionCode, i) =>
    h.run(m.set, { authority: GOV_AUTHORITY, jurisdictionCode, authorityAddress: AUTHORITIES[i]!.text, name: jurisdictionCode }),
  );

  /** The model: what each jurisdiction should hold, per denom. */
  const model = new Map<string, bigint>();
  const modelKey = (code: string, denom: string) => `${code}/${denom}`;
  const rates = new Map<string, number>();
  const seen = { rule: 0, register: 0, taxed: 0, untaxed: 0, withdraw: 0, refused: 0, unaffordable: 0, unattested: 0, tooMuch: 0 };
  let hashes = 0;

  try {
    for (let i = 0; i < OPS; i++) {
      const before = h.dump();
      const kind = int(10);
      let what = "";
      try {
        if (kind === 0) {
          const code = pick(CODES);
          const signer = int(4) === 0 ? GOV_AUTHORITY : int(5) === 0 ? pick(USERS).text : AUTHORITIES[CODES.indexOf(code)]!.text;
          const rateBps = int(6) === 0 ? 2001 + int(100) : int(2001);
          what = `rule ${code} ${rateBps} by ${signer}`;
          h.run(m.rule, { authority: signer, jurisdictionCode: code, rateBps });
          rates.set(code, rateBps);
          seen.rule++;
        } else if (kind <= 2) {
          const c = int(CODES.length);
          hashes++;
          what = `register in ${CODES[c]}`;
          h.run(m.register, {
            authority: AUTHORITIES[int(5) === 0 ? (c + 1) % 3 : c]!.text,
            jurisdictionCode: CODES[c]!,
            assetClass: "real_estate",
            owner: pick(USERS).text,
            metadataHash: `0x${hashes.toString(16).padStart(64, "0")}`,
            declaredValue: { denom: "uunit", amount: "1" },
          });
          seen.register++;
        } else if (kind <= 7) {
          const next = h.registry.nextAssetId(h.branch);
          if (next === 1n) continue;
          const asset = h.registry.getAsset(h.branch, BigInt(1 + int(Number(next - 1n))))!;
          const owner = int(8) === 0 ? pick(USERS).text : asset.owner;
          const to = pick(USERS).text;
          const denom = pick(DENOMS);
          const amount = int(3) === 0 ? BigInt(int(100)) + 1n : BigInt(int(4)) * 10_000_000n + BigInt(int(10_000_000)) + 1n;
          what = `transfer ${asset.id} ${owner}->${to} for ${amount}${denom}`;
          const payerBefore = h.balance(addrBytes(owner), denom);
          const expectedTax = (amount * BigInt(Math.min(rates.get(asset.jurisdictionCode) ?? 0, h.taxrail.getParams(h.branch).maxRateBps))) / 10_000n;
          try {
            const { response } = h.run(m.transfer, { owner, assetId: asset.id, newOwner: to, price: { denom, amount: amount.toString() } });
            assert.equal(response.taxPaid!.amount, expectedTax.toString(), `seed ${seed}, op ${i} (${what}): tax`);
            assert.equal(h.balance(addrBytes(owner), denom), payerBefore - expectedTax, `seed ${seed}, op ${i} (${what}): payer`);
            const key = modelKey(asset.jurisdictionCode, denom);
            model.set(key, (model.get(key) ?? 0n) + expectedTax);
            if (expectedTax > 0n) seen.taxed++;
            else seen.untaxed++;
          } catch (err) {
            if (owner === asset.owner && owner !== to && h.attested.has(to)) {
              assert.ok(payerBefore < expectedTax, `seed ${seed}, op ${i} (${what}): refused although affordable: ${String(err)}`);
              seen.unaffordable++;
            }
            if (owner === asset.owner && owner !== to && !h.attested.has(to)) seen.unattested++;
            throw err;
          }
        } else {
          const c = int(CODES.length);
          const code = CODES[c]!;
          const denom = pick(DENOMS);
          const held = model.get(modelKey(code, denom)) ?? 0n;
          const amount = int(4) === 0 ? held + 1n : held === 0n ? 1n : 1n + BigInt(int(Number(held)));
          const signer = int(6) === 0 ? AUTHORITIES[(c + 1) % 3]! : AUTHORITIES[c]!;
          what = `withdraw ${amount}${denom} of ${code} by ${signer.text}`;
          try {
            h.run(m.withdraw, { authority: signer.text, jurisdictionCode: code, recipient: pick(USERS).text, amount: [{ denom, amount: amount.toString() }] });
          } catch (err) {
            if (signer === AUTHORITIES[c] && amount > held) seen.tooMuch++;
            throw err;
          }
          assert.ok(signer === AUTHORITIES[c] && amount <= held, `seed ${seed}, op ${i} (${what}): should have failed`);
          model.set(modelKey(code, denom), held - amount);
          seen.withdraw++;
        }
      } catch (err) {
        // Every refusal is a registered error, and the refused operation wrote nothing.
        if (!(err instanceof AppError)) throw err;
        assert.deepEqual(h.dump(), before, `seed ${seed}, op ${i} (${what}): a refused operation changed state: ${err.message}`);
        seen.refused++;
      }
      assert.deepEqual(brokenInvariants(h.branch, h.taxrail), [], `seed ${seed}, op ${i} (${what})`);
      for (const code of CODES) {
        for (const denom of DENOMS) {
          const have = h.taxrail.getBalance(h.branch, code).balance.find((c) => c.denom === denom)?.amount ?? 0n;
          assert.equal(have, model.get(modelKey(code, denom)) ?? 0n, `seed ${seed}, op ${i} (${what}): ${code} ${denom} balance vs model`);
        }
      }
    }
    for (const [path, count] of Object.entries(seen)) assert.ok(count > 0, `seed ${seed}: the ${path} path never ran`);
  } finally {
    h.close();
  }
}

/** The bytes of one of the test's bech32 addresses. */
function addrBytes(text: string): Uint8Array {
  for (const a of [...AUTHORITIES, ...USERS]) if (a.text === text) return a.bytes;
  throw new Error(`unknown address ${text}`);
}

for (const seed of SEEDS) {
  test(`random tax operations keep the module account equal to the sum of balances (seed ${seed}, ${OPS} ops)`, () => run(seed));
}
