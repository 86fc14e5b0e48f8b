// The registry module's storage schema, under the `registry/` namespace. Ids and seqs are u64
// big-endian and addresses their 20 bytes, so `0x04 | owner | id` lists an owner's assets in id
// order and `0x06 | asset id | seq` an asset's history oldest first. A jurisdiction code is
// 2 to 6 bytes of [A-Z0-9-] (never 0x00), so `code | 0x00` ends it unambiguously where other
// parts follow: "US" and "US-CA" never share an index range.
import { readU64be, u64be } from "../../store/keyEncoding.js";

export const MODULE_NAME = "registry";

/** chain.registry.Params */
export const PARAMS_KEY = Uint8Array.of(0x01);
/** 0x02 | code → chain.registry.JurisdictionAuthority */
export const JURISDICTION_PREFIX = Uint8Array.of(0x02);
/** 0x03 | id(u64 BE) → chain.registry.Asset */
export const ASSET_PREFIX = Uint8Array.of(0x03);
/** 0x04 | owner(20) | id(u64 BE) → empty: the assets an account owns now */
export const OWNER_PREFIX = Uint8Array.of(0x04);
/** 0x05 | code | 0x00 | id(u64 BE) → empty: the assets registered in a jurisdiction */
export const JURISDICTION_ASSET_PREFIX = Uint8Array.of(0x05);
/** 0x06 | asset id(u64 BE) | seq(u64 BE) → chain.registry.TransferRecord */
export const HISTORY_PREFIX = Uint8Array.of(0x06);
/** The id the next registered asset gets (u64 BE); absent means 1. */
export const NEXT_ASSET_ID_KEY = Uint8Array.of(0x07);
/** 0x08 | sha256 digest(32) → asset id(u64 BE): one asset per title document. */
export const METADATA_HASH_PREFIX = Uint8Array.of(0x08);

const utf8 = new TextEncoder();
const join = (...parts: Uint8Array[]) => Buffer.concat(parts);
const SEP = Uint8Array.of(0);

export { readU64be, u64be };

export const jurisdictionKey = (code: string) => join(JURISDICTION_PREFIX, utf8.encode(code));
export const assetKey = (id: bigint) => join(ASSET_PREFIX, u64be(id));
export const ownerAssetsPrefix = (owner: Uint8Array) => join(OWNER_PREFIX, owner);
export const ownerAssetKey = (owner: Uint8Array, id: bigint) => join(OWNER_PREFIX, owner, u64be(id));
export const jurisdictionAssetsPrefix = (code: string) => join(JURISDICTION_ASSET_PREFIX, utf8.encode(code), SEP);
export const jurisdictionAssetKey = (code: string, id: bigint) => join(jurisdictionAssetsPrefix(code), u64be(id));
export const historyPrefix = (assetId: bigint) => join(HISTORY_PREFIX, u64be(assetId));
export const historyKey = (assetId: bigint, seq: bigint) => join(HISTORY_PREFIX, u64be(assetId), u64be(seq));
/** `hash` is the stored form ("0x" + 64 lower-case hex digits). */
export const metadataHashKey = (hash: string) => join(METADATA_HASH_PREFIX, Buffer.from(hash.slice(2), "hex"));
