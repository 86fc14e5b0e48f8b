// Tests and benchmarks only: inputs for the point evaluation precompile (0x0a, EIP-4844), from
// c-kzg-4844's verify_kzg_proof test cases for the mainnet trusted setup (tests/verify_kzg_proof/
// kzg-mainnet; the expected answer is in each case's name).
import { createHash } from "node:crypto";
import { concatBytes, hexToBytes } from "@ethereumjs/util";

type Hex = `0x${string}`;

/** One claim: the polynomial committed to takes the value y at z, with this proof. */
export interface KzgClaim {
  commitment: Hex;
  z: Hex;
  y: Hex;
  proof: Hex;
}

/** verify_kzg_proof_case_correct_proof_31ebd010e6098750 */
export const CORRECT_CLAIM: KzgClaim = {
  commitment: "0x8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7",
  z: "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000",
  y: "0x1522a4a7f34e1ea350ae07c29c96c7e79655aa926122e95fe69fcbd932ca49e9",
  proof: "0xa62ad71d14c5719385c0686f1871430475bf3a00f0aa3f7b8dd99a9abc2160744faf0070725e00b60ad9a026a15b1a8c",
};

/** verify_kzg_proof_case_incorrect_proof_392169c16a2e5ef6 */
export const INCORRECT_CLAIM: KzgClaim = {
  commitment: "0xa421e229565952cfff4ef3517100a97da1d4fe57956fa50a442f92af03b1bf37adacc8ad4ed209b31287ea5bb94d9d06",
  z: "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000",
  y: "0x304962b3598a0adf33189fdfd9789feab1096ff40006900400000003fffffffc",
  proof: "0xb08a5afbb1717334e08e05576b07bff58e8851d8cfd9ea71da1ab4233ad4217cffabd669dfa89c3ebf4c44f91694a2f4",
};

/** The precompile's input: versioned hash (0x01 | sha256(commitment)[1:]) | z | y | commitment | proof. */
export function pointEvaluationInput(claim: KzgClaim): Uint8Array {
  const commitment = hexToBytes(claim.commitment);
  const versioned = createHash("sha256").update(commitment).digest();
  versioned[0] = 0x01;
  return concatBytes(versioned, hexToBytes(claim.z), hexToBytes(claim.y), commitment, hexToBytes(claim.proof));
}
