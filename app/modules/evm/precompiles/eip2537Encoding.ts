// BLS12-381 points and field elements in the EIP-2537 wire encoding the precompiles 0x0b-0x11 take:
// each base-field element in 64 bytes (16 zero bytes, then 48, big-endian), an Fp2 element as
// (c0, c1), a point as its affine x then y, the point at infinity as all zeros; a scalar in 32.
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bigIntToBytes, concatBytes, setLengthLeft } from "@ethereumjs/util";

type G1Point = InstanceType<typeof bls12_381.G1.Point>;
type G2Point = InstanceType<typeof bls12_381.G2.Point>;

/** An element of Fp2: c0 + c1·u. */
export interface Fp2Element {
  c0: bigint;
  c1: bigint;
}

/** A base-field element (below the modulus, or not: the encoding does not check). */
export const eip2537Fp = (n: bigint): Uint8Array => setLengthLeft(bigIntToBytes(n), 64);

/** A scalar of a multi-scalar multiplication pair: 32 bytes, big-endian. */
export const eip2537Scalar = (n: bigint): Uint8Array => setLengthLeft(bigIntToBytes(n), 32);

/** A G1 point from its coordinates, on the curve or not. */
export const eip2537G1 = (x: bigint, y: bigint): Uint8Array => concatBytes(eip2537Fp(x), eip2537Fp(y));

/** A G2 point from its coordinates, on the curve or not. */
export const eip2537G2 = (x: Fp2Element, y: Fp2Element): Uint8Array => concatBytes(eip2537Fp(x.c0), eip2537Fp(x.c1), eip2537Fp(y.c0), eip2537Fp(y.c1));

/** A @noble/curves G1 point. */
export function encodeG1Point(p: G1Point): Uint8Array {
  if (p.is0()) return new Uint8Array(128);
  const { x, y } = p.toAffine();
  return eip2537G1(x, y);
}

/** A @noble/curves G2 point. */
export function encodeG2Point(p: G2Point): Uint8Array {
  if (p.is0()) return new Uint8Array(256);
  const { x, y } = p.toAffine();
  return eip2537G2(x, y);
}
