// Equivocation evidence: built from CometBFT's misbehaviour report, hashed as the SDK hashes it
// (sha256 of the protobuf encoding, tmhash), packed into an Any for state and queries, and checked
// as the SDK's Equivocation.ValidateBasic checks it.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { EquivocationSchema, type Equivocation } from "../../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { consAddressToString, parseConsAddress } from "../../../common/address.js";
import type { BlockMisbehavior } from "../../context.js";

export const EQUIVOCATION_TYPE_URL = `/${EquivocationSchema.typeName}`;

export function equivocationFromMisbehavior(m: BlockMisbehavior): Equivocation {
  return create(EquivocationSchema, { height: m.height, time: m.time, power: m.power, consensusAddress: consAddressToString(m.consAddress) });
}

export function equivocationHash(e: Equivocation): Uint8Array {
  return sha256(toBinary(EquivocationSchema, e));
}

/** The hash as the SDK prints it (upper-case hex). */
export function formatHash(hash: Uint8Array): string {
  return Buffer.from(hash).toString("hex").toUpperCase();
}

export function packEquivocation(e: Equivocation): Any {
  return create(AnySchema, { typeUrl: EQUIVOCATION_TYPE_URL, value: toBinary(EquivocationSchema, e) });
}

/** The Equivocation in `any`; throws a plain Error for another type or bad bytes. */
export function unpackEquivocation(any: Any): Equivocation {
  if (any.typeUrl !== EQUIVOCATION_TYPE_URL)
    throw new Error(`no evidence type ${any.typeUrl.slice(0, 120)} is known; the one kind is ${EQUIVOCATION_TYPE_URL}`);
  try {
    return fromBinary(EquivocationSchema, any.value);
  } catch (err) {
    throw new Error(`cannot decode ${EQUIVOCATION_TYPE_URL}: ${(err as Error).message}`);
  }
}

/** The SDK's Equivocation.ValidateBasic, plus a well-formed consensus address; throws a plain Error. */
export function validateEquivocation(e: Equivocation): void {
  if (!e.time || e.time.seconds <= 0n) throw new Error("invalid equivocation time");
  if (e.height < 1n) throw new Error(`invalid equivocation height: ${e.height}`);
  if (e.power < 1n) throw new Error(`invalid equivocation validator power: ${e.power}`);
  if (e.consensusAddress === "") throw new Error("invalid equivocation validator consensus address: empty");
  parseConsAddress(e.consensusAddress, "equivocation consensus address");
}
