// Reads of an account's state at a block, and message calls: eth_getBalance,
// eth_getTransactionCount, eth_getCode, eth_getStorageAt, eth_call, eth_estimateGas.
import { parseBlockRef, type BlockRef } from "../codec/blockParam.js";
import { parseCallArgs } from "../codec/callArgs.js";
import { data, padLeft, parseAddress, parseQuantity, quantity } from "../codec/hex.js";
import { executionReverted } from "../codec/revert.js";
import { invalidParams, serverError } from "../rpc/errors.js";
import { stateAt } from "./resolve.js";
import { method, required, type Methods, type RpcServices } from "./services.js";

export function stateMethods(s: RpcServices): Methods {
  return {
    eth_getBalance: method(2, async (p) => {
      const address = parseAddress(required(p, 0, "address"));
      const account = await s.node.account(address, await stateAt(s, parseBlockRef(p[1])));
      return quantity(BigInt(account.balance || "0"));
    }),
    // "pending" counts the sender's txs CheckTx accepted (the mempool's nonce); every other block
    // parameter reads committed state.
    eth_getTransactionCount: method(2, async (p) => {
      const address = parseAddress(required(p, 0, "address"));
      const ref = parseBlockRef(p[1]);
      const at = isPending(ref) ? { pending: true } : await stateAt(s, ref);
      return quantity((await s.node.account(address, at)).nonce);
    }),
    eth_getCode: method(2, async (p) => {
      const address = parseAddress(required(p, 0, "address"));
      return data(await s.node.code(address, await stateAt(s, parseBlockRef(p[1]))));
    }),
    eth_getStorageAt: method(3, async (p) => {
      const address = parseAddress(required(p, 0, "address"));
      const slot = parseQuantity(required(p, 1, "storage slot"), "storage slot");
      const value = await s.node.storage(address, slotBytes(slot), await stateAt(s, parseBlockRef(p[2])));
      return data(padLeft(value, 32));
    }),
    eth_call: method(4, async (p) => {
      const args = parseCallArgs(required(p, 0, "transaction"), await s.params.chainId());
      noOverrides(p[2], "state overrides");
      noOverrides(p[3], "block overrides");
      const result = await s.node.call(args, await stateAt(s, parseBlockRef(p[1])));
      if (result.reverted) throw executionReverted(result.returnData);
      if (result.vmError) throw serverError(result.vmError);
      return data(result.returnData);
    }),
    eth_estimateGas: method(3, async (p) => {
      const args = parseCallArgs(required(p, 0, "transaction"), await s.params.chainId());
      noOverrides(p[2], "state overrides");
      const result = await s.node.estimateGas(args, await stateAt(s, parseBlockRef(p[1])));
      if (result.reverted) throw executionReverted(result.returnData);
      if (result.vmError) throw serverError(result.vmError);
      return quantity(result.gas);
    }),
  };
}

function isPending(ref: BlockRef): boolean {
  return ref.kind === "tag" && ref.tag === "pending";
}

/** A slot number as the 32-byte big-endian word the app expects. */
function slotBytes(slot: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(slot.toString(16).padStart(64, "0"), "hex"));
}

/** geth's state and block overrides are not offered; an empty object is the same as none. */
function noOverrides(value: unknown, what: string): void {
  if (value === undefined || value === null) return;
  if (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0) return;
  throw invalidParams(`${what} are not supported`);
}
