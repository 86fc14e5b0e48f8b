// The BN254 (0x06-0x08) and BLS12-381 (0x0b-0x11) precompiles on WebAssembly for every VM of the
// process: rustbn-wasm and mcl-wasm instead of @ethereumjs/evm's pure-JavaScript default (noble),
// which spends up to 3.6 s per million gas (BLS12-381 addition), so that one 30M-gas tx could stall
// every validator in FinalizeBlock for minutes (docs/evm.md, "Precompile backends"). The KZG point
// evaluation precompile (0x0a) checks its proof on the same mcl (kzgPointEvaluation.ts).
//
// They answer every input with noble's bytes, gas and error (precompileBackends.test.ts). mcl does
// so as it is, given multi-scalar multiplications in chunks (ChunkedMclBls); rustbn reports a bad
// input only as "failed", so Bn254WithNobleErrors restores the error noble raises.
//
// Loaded by a top-level await: the modules that import this one (the VM factory, and through it
// the app) run only once both are ready, so no VM of this process exists without them, whatever
// the timing, and a node whose WebAssembly does not load fails at start instead of in a block.
import type { Common } from "@ethereumjs/common";
import { EVM, EVMError, MCLBLS, RustBN254, type EVMBLSInterface, type EVMBN254Interface, type EVMOpts } from "@ethereumjs/evm";
import { bytesToBigInt, concatBytes, type KZG } from "@ethereumjs/util";
import * as mcl from "mcl-wasm";
import { initRustBN } from "rustbn-wasm";
import { PointEvaluationKzg } from "./kzgPointEvaluation.js";

export interface PrecompileBackends {
  readonly bls: EVMBLSInterface;
  readonly bn254: EVMBN254Interface;
  /** The point evaluation precompile's proof check, which the EVM takes from its Common. */
  readonly kzg: KZG;
}

type RustBN = Awaited<ReturnType<typeof initRustBN>>;

/** The BN254 base field modulus. */
const BN254_P = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n;
const G1_BYTES = 64;
const G2_BYTES = 128;
const PAIR_BYTES = G1_BYTES + G2_BYTES;
const COORD_BYTES = 32;
const G1_MSM_PAIR_BYTES = 160;
const G2_MSM_PAIR_BYTES = 288;

/**
 * Pairs per mcl multi-scalar multiplication. mcl-wasm runs out of its 1 MiB stack past about
 * 5,500 G1 or 2,900 G2 pairs: a WebAssembly trap that leaves the instance corrupt, every later
 * call failing. 30M gas buys at most about 4,800 G1 or 2,500 G2 pairs, too close for comfort, so
 * larger inputs go in chunks and the partial sums are added; chunks of this size cost no more
 * than one multiplication of all the pairs.
 */
const MSM_CHUNK_PAIRS = 1024;

/**
 * mcl's BLS12-381 with multi-scalar multiplications in chunks of at most MSM_CHUNK_PAIRS. Same
 * result, and the same error: the chunks are decoded in order, so the first bad point fails it,
 * as it fails noble's pair-by-pair loop.
 */
export class ChunkedMclBls extends MCLBLS {
  override msmG1(input: Uint8Array): Uint8Array {
    return inChunks(
      input,
      G1_MSM_PAIR_BYTES,
      (chunk) => super.msmG1(chunk),
      (a, b) => this.addG1(concatBytes(a, b)),
    );
  }

  override msmG2(input: Uint8Array): Uint8Array {
    return inChunks(
      input,
      G2_MSM_PAIR_BYTES,
      (chunk) => super.msmG2(chunk),
      (a, b) => this.addG2(concatBytes(a, b)),
    );
  }
}

function inChunks(input: Uint8Array, pairBytes: number, msm: (chunk: Uint8Array) => Uint8Array, add: (a: Uint8Array, b: Uint8Array) => Uint8Array): Uint8Array {
  const chunkBytes = MSM_CHUNK_PAIRS * pairBytes;
  let sum = msm(input.subarray(0, chunkBytes));
  for (let at = chunkBytes; at < input.length; at += chunkBytes) sum = add(sum, msm(input.subarray(at, at + chunkBytes)));
  return sum;
}

/**
 * rustbn's BN254 with noble's errors. rustbn answers any bad input with an empty result, which the
 * precompile reports as "out of gas"; noble throws, "fp point not in field" for a G2 coordinate
 * not below the modulus and a plain error ("revert") for anything else. Either way the call fails
 * and keeps all its gas: only the error differs, and it shows in receipts, events and eth_call.
 */
export class Bn254WithNobleErrors implements EVMBN254Interface {
  private readonly rust: RustBN254;

  constructor(rustbn: RustBN) {
    this.rust = new RustBN254(rustbn);
  }

  add(input: Uint8Array): Uint8Array {
    return g1Result(this.rust.add(input));
  }

  mul(input: Uint8Array): Uint8Array {
    return g1Result(this.rust.mul(input));
  }

  pairing(input: Uint8Array): Uint8Array {
    const result = this.rust.pairing(input);
    if (result.length === 32) return result;
    throw this.pairingError(input);
  }

  /**
   * noble checks pair by pair, each in this order: the G1 point, the range of the G2 coordinates,
   * the G2 point (on the curve, in the subgroup); the first failure is its error. Only a range
   * failure has an error of its own, and it is the one raised only if every point before it is
   * valid, which rustbn answers on that prefix (the G2 point of the failing pair replaced by
   * infinity): at most a pairing of pairs the call has paid gas for, at rustbn's speed.
   */
  private pairingError(input: Uint8Array): Error | EVMError {
    for (let at = 0; at + PAIR_BYTES <= input.length; at += PAIR_BYTES) {
      if (g2CoordinatesInField(input.subarray(at + G1_BYTES, at + PAIR_BYTES))) continue;
      const prefix = concatBytes(input.subarray(0, at + G1_BYTES), new Uint8Array(G2_BYTES));
      if (this.rust.pairing(prefix).length === 32) return new EVMError(EVMError.errorMessages.BN254_FP_NOT_IN_FIELD);
      break;
    }
    return new Error("invalid BN254 point");
  }
}

function g1Result(result: Uint8Array): Uint8Array {
  if (result.length === G1_BYTES) return result;
  throw new Error("invalid BN254 G1 point");
}

function g2CoordinatesInField(g2: Uint8Array): boolean {
  for (let at = 0; at < G2_BYTES; at += COORD_BYTES) {
    if (bytesToBigInt(g2.subarray(at, at + COORD_BYTES)) >= BN254_P) return false;
  }
  return true;
}

async function loadPrecompileBackends(): Promise<PrecompileBackends> {
  const [rustbn] = await Promise.all([initRustBN(), mcl.init(mcl.BLS12_381)]);
  const bls = new ChunkedMclBls(mcl);
  return Object.freeze({ bls, bn254: new Bn254WithNobleErrors(rustbn), kzg: new PointEvaluationKzg(bls) });
}

/** The backends every VM of this process uses, loaded once. */
export const precompileBackends: PrecompileBackends = await loadPrecompileBackends();

/**
 * An EVM whose precompiles run on `precompileBackends`. Built with the constructor, not
 * `createEVM`: in @ethereumjs/evm 10.1.3 `createEVM` (and so `createVM`'s `evmOpts`) replaces
 * any `bn254` it is given with the pure-JavaScript one. `common` (the VM's own copy) gets the KZG
 * check in its `customCrypto`, a new object: copies of a Common share the original's.
 */
export function createEvmOnWasmPrecompiles(opts: Omit<EVMOpts, "bls" | "bn254"> & { common: Common }): EVM {
  const { bls, bn254, kzg } = precompileBackends;
  (opts.common as { customCrypto: Common["customCrypto"] }).customCrypto = { ...opts.common.customCrypto, kzg };
  return new EVM({ ...opts, bls, bn254 });
}
