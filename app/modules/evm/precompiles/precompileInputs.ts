// Tests and benchmarks only: inputs for the BN254 (0x06-0x08) and BLS12-381 (0x0b-0x11)
// precompiles, in their wire encodings, built with @noble/curves (the EVM's default backend, the
// reference the WebAssembly ones are held to). `precompileCases` covers valid inputs and each way
// an input can be refused: wrong length, coordinates not below the modulus, points off the curve
// or outside the subgroup, the first bad pair after good ones. Deterministic: no randomness.
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bn254 } from "@noble/curves/bn254.js";
import { bigIntToBytes, concatBytes, setLengthLeft } from "@ethereumjs/util";
// BLS12-381 through the node's own encoders (eip2537Encoding.ts), from coordinates too, for the
// points off the curve below.
import {
  eip2537Fp as blsFp,
  eip2537G1 as blsG1,
  eip2537G2 as blsG2,
  eip2537Scalar as scalar,
  encodeG1Point,
  encodeG2Point,
  type Fp2Element as Fp2,
} from "./eip2537Encoding.js";

export interface PrecompileCase {
  name: string;
  /** The precompile's address as a number (0x06 ... 0x11). */
  address: number;
  data: Uint8Array;
}

const be = (n: bigint, bytes: number) => setLengthLeft(bigIntToBytes(n), bytes);

// BN254 (EIP-196/197): 32-byte coordinates; an Fp2 element as (imaginary, real).
const BN_P = bn254.G1.Point.CURVE().p;
const BN_R = bn254.G1.Point.CURVE().n;
const bnG1 = (x: bigint, y: bigint) => concatBytes(be(x, 32), be(y, 32));
const bnG2 = (x: Fp2, y: Fp2) => concatBytes(be(x.c1, 32), be(x.c0, 32), be(y.c1, 32), be(y.c0, 32));

/** k x the BN254 G1 generator, encoded (k = 0: infinity). */
export function bnG1Times(k: bigint): Uint8Array {
  if (k === 0n) return new Uint8Array(64);
  const p = bn254.G1.Point.BASE.multiply(k).toAffine();
  return bnG1(p.x, p.y);
}

/** k x the BN254 G2 generator, encoded (k = 0: infinity). */
export function bnG2Times(k: bigint): Uint8Array {
  if (k === 0n) return new Uint8Array(128);
  const p = bn254.G2.Point.BASE.multiply(k).toAffine();
  return bnG2(p.x, p.y);
}

// BLS12-381 (EIP-2537): 64-byte field elements (16 zero bytes, then 48); Fp2 as (c0, c1).
const BLS_P = bls12_381.G1.Point.CURVE().p;
const BLS_R = bls12_381.G1.Point.CURVE().n;
/** The order r of BLS12-381's G1 and G2 subgroups. */
export const BLS12_381_ORDER = BLS_R;

/** k x the BLS12-381 G1 generator, encoded (k = 0: infinity). */
export function blsG1Times(k: bigint): Uint8Array {
  return k === 0n ? new Uint8Array(128) : encodeG1Point(bls12_381.G1.Point.BASE.multiply(k));
}

/** k x the BLS12-381 G2 generator, encoded (k = 0: infinity). */
export function blsG2Times(k: bigint): Uint8Array {
  return k === 0n ? new Uint8Array(256) : encodeG2Point(bls12_381.G2.Point.BASE.multiply(k));
}

/** first x G, (first + 1) x G, ... for `count` G1 points of BLS12-381, encoded (by additions: quick). */
export function blsG1Multiples(first: bigint, count: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let p = bls12_381.G1.Point.BASE.multiply(first);
  for (let i = 0; i < count; i++, p = p.add(bls12_381.G1.Point.BASE)) out.push(encodeG1Point(p));
  return out;
}

/** `scalar`: a 32-byte scalar, for MSM pairs and BN254 multiplication; `blsFp`: a BLS12-381 field element (for the map precompiles). */
export { blsFp, scalar };

/** The first point on BN254's twist (x = i + small integer) that is outside the order-r subgroup. */
function bnG2OffSubgroup(): Uint8Array {
  const { Fp2 } = bn254.fields;
  const b = bn254.G2.Point.CURVE().b as Fp2;
  for (let i = 1n; ; i++) {
    const x = Fp2.create({ c0: i, c1: 0n });
    const y = sqrtOrUndefined(() => Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b)));
    if (y && !bn254.G2.Point.fromAffine({ x, y }).isTorsionFree()) return bnG2(x, y);
  }
}

function blsG1OffSubgroup(): Uint8Array {
  const { Fp } = bls12_381.fields;
  for (let x = 1n; ; x++) {
    const y = sqrtOrUndefined(() => Fp.sqrt(Fp.add(Fp.mul(Fp.sqr(x), x), 4n)));
    if (y !== undefined && !bls12_381.G1.Point.fromAffine({ x, y }).isTorsionFree()) return blsG1(x, y);
  }
}

function blsG2OffSubgroup(): Uint8Array {
  const { Fp2 } = bls12_381.fields;
  const b = { c0: 4n, c1: 4n };
  for (let i = 1n; ; i++) {
    const x = Fp2.create({ c0: i, c1: 1n });
    const y = sqrtOrUndefined(() => Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), b)));
    if (y && !bls12_381.G2.Point.fromAffine({ x, y }).isTorsionFree()) return blsG2(x, y);
  }
}

function sqrtOrUndefined<T>(sqrt: () => T): T | undefined {
  try {
    return sqrt();
  } catch {
    return undefined; // not a square
  }
}

/** `point` with its coordinate at byte `offset` (of `bytes` bytes) increased by `add`. */
function bump(point: Uint8Array, offset: number, bytes: number, add: bigint): Uint8Array {
  const out = point.slice();
  let n = 0n;
  for (const b of point.subarray(offset, offset + bytes)) n = (n << 8n) | BigInt(b);
  out.set(be(n + add, bytes), offset);
  return out;
}

export function precompileCases(): PrecompileCase[] {
  const cases: PrecompileCase[] = [];
  const add = (address: number, name: string, ...parts: Uint8Array[]) => cases.push({ address, name, data: concatBytes(...parts) });
  bn254Cases(add);
  blsCases(add);
  return cases;
}

type AddCase = (address: number, name: string, ...parts: Uint8Array[]) => void;

function bn254Cases(add: AddCase): void {
  const [inf1, inf2] = [bnG1Times(0n), bnG2Times(0n)];
  const [g, g2, g3, g5] = [1n, 2n, 3n, 5n].map(bnG1Times) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const gNeg = bnG1Times(BN_R - 1n);
  const offCurve = bnG1(1n, 1n);
  const xAboveP = bump(g, 0, 32, BN_P); // (1 + p, 2): the generator's x plus p
  const xIsP = bnG1(BN_P, 2n);

  add(0x06, "add G+2G", g, g2);
  add(0x06, "add G+G", g, g);
  add(0x06, "add G+(-G)", g, gNeg);
  add(0x06, "add inf+G", inf1, g);
  add(0x06, "add inf+inf", inf1, inf1);
  add(0x06, "add empty input (zero-padded)");
  add(0x06, "add short input (zero-padded)", g, g2.subarray(0, 40));
  add(0x06, "add long input (truncated)", g, g2, g5);
  add(0x06, "add second point off the curve", g, offCurve);
  add(0x06, "add first point off the curve", offCurve, g);
  add(0x06, "add x = 1 + p", xAboveP, g);
  add(0x06, "add x = p", xIsP, g);
  add(0x06, "add (0, 2)", bnG1(0n, 2n), g);
  add(0x06, "add all ones", new Uint8Array(128).fill(0xff));

  for (const [label, s] of [
    ["0", 0n],
    ["1", 1n],
    ["2", 2n],
    ["r-1", BN_R - 1n],
    ["r", BN_R],
    ["r+1", BN_R + 1n],
    ["2^256-1", (1n << 256n) - 1n],
  ] as const) {
    add(0x07, `mul G*${label}`, g, scalar(s));
    add(0x07, `mul inf*${label}`, inf1, scalar(s));
    add(0x07, `mul off-curve*${label}`, offCurve, scalar(s));
  }
  add(0x07, "mul empty input");
  add(0x07, "mul short input", g, Uint8Array.of(1));
  add(0x07, "mul long input", g, scalar(3n), new Uint8Array(40).fill(7));
  add(0x07, "mul x = 1 + p", xAboveP, scalar(3n));

  const [q, q3] = [bnG2Times(1n), bnG2Times(3n)];
  const qOffCurve = bump(q, 96, 32, 1n); // y.real + 1
  const qRealAboveP = bump(q, 32, 32, BN_P); // x.real + p
  const qImagAboveP = bump(q, 0, 32, BN_P); // x.imaginary + p
  const qOff = bnG2OffSubgroup();
  add(0x08, "pairing empty input");
  add(0x08, "pairing e(G,Q) != 1", g, q);
  add(0x08, "pairing e(G,Q)e(-G,Q) = 1", g, q, gNeg, q);
  add(0x08, "pairing e(3G,Q)e(-G,3Q) = 1", g3, q, gNeg, q3);
  add(0x08, "pairing inf G1", inf1, q);
  add(0x08, "pairing inf G2", g, inf2);
  add(0x08, "pairing inf both, twice", inf1, inf2, inf1, inf2);
  add(0x08, "pairing length not a multiple of 192", g, q, new Uint8Array(1));
  add(0x08, "pairing G1 off the curve", offCurve, q);
  add(0x08, "pairing G1 x = 1 + p", xAboveP, q);
  add(0x08, "pairing G1 off the curve, G2 inf", offCurve, inf2);
  add(0x08, "pairing G2 off the curve", g, qOffCurve);
  add(0x08, "pairing G2 real x >= p", g, qRealAboveP);
  add(0x08, "pairing G2 imaginary x >= p", g, qImagAboveP);
  add(0x08, "pairing G2 outside the subgroup", g, qOff);
  add(0x08, "pairing G2 outside the subgroup, G1 inf", inf1, qOff);
  add(0x08, "pairing good pair, then G2 x >= p", g, q, g, qRealAboveP);
  add(0x08, "pairing G2 outside the subgroup, then G2 x >= p", g, qOff, g, qRealAboveP);
  add(0x08, "pairing G2 off the curve, then G2 x >= p", g, qOffCurve, g, qRealAboveP);
  add(0x08, "pairing G1 off the curve with G2 x >= p", offCurve, qRealAboveP);
  add(0x08, "pairing good pair, then G1 off the curve with G2 x >= p", g, q, offCurve, qRealAboveP);
  add(0x08, "pairing G2 off the curve, then G1 off the curve", g, qOffCurve, offCurve, q);
}

function blsCases(add: AddCase): void {
  const [inf1, inf2] = [blsG1Times(0n), blsG2Times(0n)];
  const [g, g2, g7] = [1n, 2n, 7n].map(blsG1Times) as [Uint8Array, Uint8Array, Uint8Array];
  const gNeg = blsG1Times(BLS_R - 1n);
  const offCurve = blsG1(1n, 1n);
  const onCurveX0 = blsG1(0n, 2n); // y^2 = 0^3 + 4
  const g1Off = blsG1OffSubgroup();
  const xAboveP = bump(g, 16, 48, BLS_P);
  const yAboveP = bump(g, 80, 48, BLS_P);
  const topBytes = g.slice();
  topBytes[0] = 1;
  const [q, q5] = [blsG2Times(1n), blsG2Times(5n)];
  const qNeg = blsG2Times(BLS_R - 1n);
  const qOffCurve = bump(q, 128 + 16, 48, 1n); // y.c0 + 1
  const qAboveP = bump(q, 64 + 16, 48, BLS_P); // x.c1 + p
  const g2Off = blsG2OffSubgroup();

  add(0x0b, "g1add G+2G", g, g2);
  add(0x0b, "g1add G+G", g, g);
  add(0x0b, "g1add G+(-G)", g, gNeg);
  add(0x0b, "g1add inf+G", inf1, g);
  add(0x0b, "g1add inf+inf", inf1, inf1);
  add(0x0b, "g1add outside the subgroup (allowed)", g1Off, g);
  add(0x0b, "g1add (0, 2)", onCurveX0, g);
  add(0x0b, "g1add off the curve", g, offCurve);
  add(0x0b, "g1add x >= p", xAboveP, g);
  add(0x0b, "g1add y >= p", g, yAboveP);
  add(0x0b, "g1add nonzero top bytes", topBytes, g);
  add(0x0b, "g1add short input", g);
  add(0x0b, "g1add long input", g, g, new Uint8Array(1));
  add(0x0b, "g1add empty input");

  add(0x0d, "g2add Q+5Q", q, q5);
  add(0x0d, "g2add Q+Q", q, q);
  add(0x0d, "g2add Q+(-Q)", q, qNeg);
  add(0x0d, "g2add inf+Q", inf2, q);
  add(0x0d, "g2add outside the subgroup (allowed)", g2Off, q);
  add(0x0d, "g2add off the curve", q, qOffCurve);
  add(0x0d, "g2add x >= p", qAboveP, q);
  add(0x0d, "g2add short input", q);

  for (const [label, s] of [
    ["0", 0n],
    ["1", 1n],
    ["r-1", BLS_R - 1n],
    ["r", BLS_R],
    ["r+1", BLS_R + 1n],
    ["2^256-1", (1n << 256n) - 1n],
  ] as const) {
    add(0x0c, `g1msm G*${label}`, g, scalar(s));
    add(0x0c, `g1msm inf*${label}`, inf1, scalar(s));
    add(0x0c, `g1msm outside the subgroup*${label}`, g1Off, scalar(s));
    add(0x0e, `g2msm Q*${label}`, q, scalar(s));
    add(0x0e, `g2msm inf*${label}`, inf2, scalar(s));
    add(0x0e, `g2msm outside the subgroup*${label}`, g2Off, scalar(s));
  }
  add(0x0c, "g1msm three pairs", g, scalar(5n), g7, scalar(11n), gNeg, scalar(BLS_R - 3n));
  add(0x0c, "g1msm two good pairs, then outside the subgroup", g, scalar(5n), g7, scalar(11n), g1Off, scalar(3n));
  add(0x0c, "g1msm (0, 2)", onCurveX0, scalar(1n));
  add(0x0c, "g1msm off the curve", offCurve, scalar(1n));
  add(0x0c, "g1msm x >= p", xAboveP, scalar(1n));
  add(0x0c, "g1msm y >= p", yAboveP, scalar(1n));
  add(0x0c, "g1msm nonzero top bytes", topBytes, scalar(1n));
  add(0x0c, "g1msm empty input");
  add(0x0c, "g1msm length not a multiple of 160", g, scalar(1n), new Uint8Array(1));
  add(0x0e, "g2msm two pairs", q, scalar(5n), q5, scalar(BLS_R + 2n));
  add(0x0e, "g2msm off the curve", qOffCurve, scalar(1n));
  add(0x0e, "g2msm x >= p", qAboveP, scalar(1n));
  add(0x0e, "g2msm empty input");
  add(0x0e, "g2msm length not a multiple of 288", q, scalar(1n).subarray(1));

  add(0x0f, "pairing e(G,Q) != 1", g, q);
  add(0x0f, "pairing e(G,Q)e(-G,Q) = 1", g, q, gNeg, q);
  add(0x0f, "pairing e(2G,5Q)e(-10G,Q) = 1", g2, q5, blsG1Times(BLS_R - 10n), q);
  add(0x0f, "pairing inf G1", inf1, q);
  add(0x0f, "pairing inf both", inf1, inf2);
  add(0x0f, "pairing G1 outside the subgroup", g1Off, q);
  add(0x0f, "pairing G2 outside the subgroup", g, g2Off);
  add(0x0f, "pairing G1 off the curve", offCurve, q);
  add(0x0f, "pairing G2 off the curve", g, qOffCurve);
  add(0x0f, "pairing G1 x >= p", xAboveP, q);
  add(0x0f, "pairing G2 x >= p", g, qAboveP);
  add(0x0f, "pairing G1 outside the subgroup with G2 x >= p", g1Off, qAboveP);
  add(0x0f, "pairing good pair, then G2 x >= p", g, q, g, qAboveP);
  add(0x0f, "pairing empty input");
  add(0x0f, "pairing length not a multiple of 384", g, q, new Uint8Array(1));

  for (const [label, n] of [
    ["0", 0n],
    ["1", 1n],
    ["p-1", BLS_P - 1n],
    ["p", BLS_P],
    ["2^384-1", (1n << 384n) - 1n],
    ["c", 0x1234567890abcdefn ** 5n],
  ] as const) {
    add(0x10, `map-fp ${label}`, blsFp(n));
    add(0x11, `map-fp2 (${label}, 1)`, blsFp(n), blsFp(1n));
    add(0x11, `map-fp2 (1, ${label})`, blsFp(1n), blsFp(n));
  }
  add(0x10, "map-fp short input", blsFp(1n).subarray(1));
  add(
    0x10,
    "map-fp nonzero top bytes",
    (() => {
      const b = blsFp(1n);
      b[0] = 1;
      return b;
    })(),
  );
  add(0x11, "map-fp2 short input", blsFp(1n));
}
