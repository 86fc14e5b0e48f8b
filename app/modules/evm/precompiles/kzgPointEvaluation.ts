// The KZG proof check behind the point evaluation precompile (0x0a, EIP-4844). @ethereumjs/evm's
// precompile takes it from its Common (`customCrypto.kzg`) and throws "kzg not initialized"
// without one, so a call to 0x0a would fail the whole tx instead of answering.
//
// It checks that the polynomial committed to by `commitment` takes the value y at z, given
// proof π: e(C - [y]₁, [1]₂) = e(π, [τ]₂ - [z]₂). Moving z to the G1 side, that is
// e(C - [y]₁ + z·π, [1]₂) · e(π, -[τ]₂) = 1: one multi-scalar multiplication in G1 and one pairing
// check of two pairs, on the BLS12-381 backend the EIP-2537 precompiles use (mcl-wasm,
// precompileBackends.ts), with no arithmetic in G2.
// The points arrive compressed (48 bytes, the Zcash encoding); @noble/curves decompresses them,
// refusing any that is not a point of the prime-order subgroup, as c-kzg does.
//
// Only this check is served: blob txs are refused before they are decoded (ethTx.ts).
import { bls12_381 } from "@noble/curves/bls12-381.js";
import type { EVMBLSInterface } from "@ethereumjs/evm";
import { concatBytes, hexToBytes, type KZG } from "@ethereumjs/util";
import { eip2537Scalar, encodeG1Point, encodeG2Point } from "./eip2537Encoding.js";

/**
 * [τ]₂, the second G2 point (`g2_monomial[1]`) of the trusted setup from Ethereum's KZG ceremony,
 * compressed: the one secret-derived point a proof of one evaluation is checked against.
 */
const CEREMONY_TAU_G2 =
  "b5bfd7dd8cdeb128843bc287230af38926187075cbfbefa81009a2ce615ac53d2914e5870cb452d2afaaab24f3499f72" +
  "185cbfee53492714734429b7b38608e23926c911cceceac9a36851477ba4c60b087041de621000edc98edada20c1def2";

const G1 = bls12_381.G1.Point;
const G2 = bls12_381.G2.Point;
/** The order r of the subgroups; field elements (z, y) must be below it. */
const BLS_MODULUS = G1.Fn.ORDER;
const COMPRESSED_G1_BYTES = 48;
const FIELD_ELEMENT_BYTES = 32;

const G1_GENERATOR = encodeG1Point(G1.BASE);
const G2_GENERATOR = encodeG2Point(G2.BASE);
const MINUS_TAU_G2 = encodeG2Point(G2.fromHex(CEREMONY_TAU_G2).negate());

/** c-kzg's refusal of a malformed argument; the precompile answers it with `invalid inputs`. */
function badArgs(what: string): Error {
  return new Error(`C_KZG_BADARGS: ${what}`);
}

function g1Point(hex: string, what: string): Uint8Array {
  const bytes = hexToBytes(hex as `0x${string}`);
  if (bytes.length !== COMPRESSED_G1_BYTES) throw badArgs(`${what} must be ${COMPRESSED_G1_BYTES} bytes, got ${bytes.length}`);
  try {
    return encodeG1Point(G1.fromBytes(bytes));
  } catch (err) {
    throw badArgs(`${what} is not a compressed point of the G1 subgroup (${(err as Error).message})`);
  }
}

function fieldElement(hex: string, what: string): bigint {
  const bytes = hexToBytes(hex as `0x${string}`);
  if (bytes.length !== FIELD_ELEMENT_BYTES) throw badArgs(`${what} must be ${FIELD_ELEMENT_BYTES} bytes, got ${bytes.length}`);
  const n = BigInt(hex);
  if (n >= BLS_MODULUS) throw badArgs(`${what} must be below the BLS12-381 modulus`);
  return n;
}

function unsupported(): never {
  throw new Error("only the point evaluation precompile's KZG proof check is available: blob transactions are not supported");
}

/** The `KZG` the VMs' Common carries: verifyProof over `bls`; the blob operations throw. */
export class PointEvaluationKzg implements KZG {
  constructor(private readonly bls: EVMBLSInterface) {}

  verifyProof(commitment: string, z: string, y: string, proof: string): boolean {
    const c = g1Point(commitment, "commitment");
    const pi = g1Point(proof, "proof");
    const zValue = fieldElement(z, "z");
    const yValue = fieldElement(y, "y");
    // C - [y]₁ + z·π = 1·C + (r - y)·G1 + z·π, every scalar below r.
    const lhs = this.bls.msmG1(concatBytes(c, eip2537Scalar(1n), G1_GENERATOR, eip2537Scalar((BLS_MODULUS - yValue) % BLS_MODULUS), pi, eip2537Scalar(zValue)));
    const check = this.bls.pairingCheck(concatBytes(lhs, G2_GENERATOR, pi, MINUS_TAU_G2));
    return check[31] === 1;
  }

  blobToKzgCommitment(): string {
    return unsupported();
  }
  computeBlobProof(): string {
    return unsupported();
  }
  verifyBlobProofBatch(): boolean {
    return unsupported();
  }
  computeCells(): string[] {
    return unsupported();
  }
  computeCellsAndProofs(): [string[], string[]] {
    return unsupported();
  }
  recoverCellsAndProofs(): [string[], string[]] {
    return unsupported();
  }
  verifyCellKzgProofBatch(): boolean {
    return unsupported();
  }
}
