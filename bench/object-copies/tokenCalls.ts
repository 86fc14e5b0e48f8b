// Bundled twice by bench/object-copies.ts, with and without scripts/evmObjectCopies.mjs, so that
// each bundle holds its own copy of @ethereumjs/evm: Token deployed on the library's in-memory
// state, and a timer for calls to it.
import { createEVM, type EVM } from "@ethereumjs/evm";
import { Address, hexToBytes } from "@ethereumjs/util";
import { evmCommon } from "../../common/ethereum/ethTx.js";

export interface TokenEvm {
  evm: EVM;
  token: Address;
}

const HOLDER = new Address(hexToBytes("0x1000000000000000000000000000000000000001"));

export async function deployToken(deployCode: Uint8Array): Promise<TokenEvm> {
  const evm = await createEVM({ common: evmCommon(2611n).copy() });
  const res = await evm.runCall({ caller: HOLDER, data: deployCode, gasLimit: 5_000_000n });
  if (res.execResult.exceptionError || !res.createdAddress) throw new Error(`deploy failed: ${res.execResult.exceptionError?.error}`);
  return { evm, token: res.createdAddress };
}

/** µs per call of `inputs` from the holder; each must succeed. */
export async function timeCalls(target: TokenEvm, inputs: readonly Uint8Array[]): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (const data of inputs) {
    const res = await target.evm.runCall({ caller: HOLDER, to: target.token, data, gasLimit: 100_000n });
    if (res.execResult.exceptionError) throw new Error(`call failed: ${res.execResult.exceptionError.error}`);
  }
  return Number(process.hrtime.bigint() - t0) / 1000 / inputs.length;
}
