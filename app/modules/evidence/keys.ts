// The evidence module's storage schema, under the `evidence/` namespace: handled evidence by its
// hash (sha256 of the evidence's protobuf encoding), as the SDK's x/evidence keeps it.
export const MODULE_NAME = "evidence";

/** 0x00 | hash(32) → google.protobuf.Any of the evidence (/cosmos.evidence.v1beta1.Equivocation) */
export const EVIDENCE_PREFIX = Uint8Array.of(0x00);

const HASH_BYTES = 32;

export function evidenceKey(hash: Uint8Array): Uint8Array {
  if (hash.length !== HASH_BYTES) throw new RangeError(`evidence keys take 32-byte hashes, got ${hash.length} bytes`);
  return Buffer.concat([EVIDENCE_PREFIX, hash]);
}
