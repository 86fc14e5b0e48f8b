// CheckTx runs sends and burns in a QuietContext, whose events go nowhere: bank and precisebank
// then build none, and the state they write is what a recording context writes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { accAddressToString } from "../../../common/address.js";
import { QuietContext } from "../../context.js";
import { addr, CF, Harness } from "./testHarness.js";

const holdings = () => [
  { address: addr(1), aunit: 5n * CF + 7n },
  { address: addr(2), aunit: CF - 3n },
];

/** A send that borrows and carries, then a burn that borrows, as an EVM tx's upfront cost and settlement do. */
function moves(h: Harness, ctx: ReturnType<Harness["ctx"]>): void {
  h.keeper.sendExtended(ctx, addr(1), addr(2), 2n * CF + 10n);
  h.keeper.burnExtended(ctx, addr(1), CF + 1n);
}

test("a send and a burn in a QuietContext write what they write in a Context, and record no events", () => {
  const loud = new Harness(holdings());
  const quiet = new Harness(holdings());
  const ctx = loud.ctx();
  moves(loud, ctx);
  const q = quiet.ctx();
  const quietCtx = new QuietContext(q.header, q.store, q.logger);
  assert.equal(quietCtx.recordsEvents, false);
  assert.equal(ctx.recordsEvents, true);
  moves(quiet, quietCtx);

  assert.deepEqual(quietCtx.events, []);
  assert.deepEqual(quiet.branch.changes(), loud.branch.changes(), "the same writes");
  const types = ctx.events.map((e) => e.type);
  for (const type of ["coin_spent", "coin_received", "transfer", "message", "burn"]) assert.ok(types.includes(type), `${type} among ${types.join(", ")}`);
  const attributes = (type: string) => ctx.events.find((e) => e.type === type)?.attributes ?? [];
  assert.deepEqual(
    attributes("transfer").map((a) => a.key),
    ["amount", "recipient", "sender"],
  );
  assert.equal(attributes("transfer").find((a) => a.key === "sender")?.value, accAddressToString(addr(1)));
  assert.equal(attributes("message")[0]?.value, accAddressToString(addr(1)));
});
