// Registry invariants, and the one registry and taxrail share, read straight from the committed
// state: the keeper's reads for the records, the raw indexes (by owner, by jurisdiction, by
// metadata hash) scanned under the module's own key layout. Each returns what is broken.
import { fromBinary } from "@bufbuild/protobuf";
import { AssetSchema, type Asset } from "../../../gen/chain/registry/registry_pb.js";
import { parseAccAddress } from "../../../common/address.js";
import { GOV_AUTHORITY } from "../../../app/modules.js";
import { RegistryKeeper } from "../../../app/modules/registry/keeper.js";
import {
  ASSET_PREFIX,
  JURISDICTION_ASSET_PREFIX,
  jurisdictionAssetKey,
  METADATA_HASH_PREFIX,
  metadataHashKey,
  MODULE_NAME,
  OWNER_PREFIX,
  ownerAssetKey,
  readU64be,
} from "../../../app/modules/registry/keys.js";
import type { TaxrailKeeper } from "../../../app/modules/taxrail/keeper.js";
import { moduleReader } from "../../../app/store/prefixStore.js";
import type { StateReader } from "../../../app/store/types.js";

// The invariants read records only; they never ask identity or taxrail anything.
const registry = new RegistryKeeper(
  { isAttested: () => false },
  {
    collectTransferTax: () => {
      throw new Error("not for invariants");
    },
  },
  GOV_AUTHORITY,
);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const utf8 = new TextDecoder();

/**
 * Every asset has exactly its three index entries (its owner's, its jurisdiction's, its metadata
 * hash's) and every index entry names an asset that agrees with it; ids stay below next_asset_id.
 */
export function registryIndexes(state: StateReader): string[] {
  const store = moduleReader(state, MODULE_NAME);
  const broken: string[] = [];
  const assets = new Map<bigint, Asset>();
  const next = registry.nextAssetId(state);
  for (const { key, value } of store.prefixIterator(ASSET_PREFIX)) {
    const asset = fromBinary(AssetSchema, value);
    const id = readU64be(key.subarray(ASSET_PREFIX.length));
    if (asset.id !== id) broken.push(`asset key ${id} holds asset ${asset.id}`);
    if (id === 0n || id >= next) broken.push(`asset ${id} is outside 1..next_asset_id-1 (next ${next})`);
    assets.set(id, asset);
    if (!store.has(ownerAssetKey(parseAccAddress(asset.owner, "owner"), id))) broken.push(`asset ${id} is missing from its owner ${asset.owner}'s index`);
    if (!store.has(jurisdictionAssetKey(asset.jurisdictionCode, id))) broken.push(`asset ${id} is missing from ${asset.jurisdictionCode}'s index`);
    const byHash = store.get(metadataHashKey(asset.metadataHash));
    if (!byHash || readU64be(byHash) !== id)
      broken.push(`metadata hash ${asset.metadataHash} of asset ${id} points at ${byHash ? readU64be(byHash) : "nothing"}`);
  }
  for (const { key } of store.prefixIterator(OWNER_PREFIX)) {
    const owner = key.subarray(OWNER_PREFIX.length, OWNER_PREFIX.length + 20);
    const id = readU64be(key.subarray(OWNER_PREFIX.length + 20));
    const asset = assets.get(id);
    if (!asset) broken.push(`the owner index lists asset ${id}, which does not exist`);
    else if (hex(parseAccAddress(asset.owner, "owner")) !== hex(owner))
      broken.push(`the owner index lists asset ${id} under ${hex(owner)}, but ${asset.owner} owns it`);
  }
  for (const { key } of store.prefixIterator(JURISDICTION_ASSET_PREFIX)) {
    // 0x05 | code | 0x00 | id(8)
    const code = utf8.decode(key.subarray(JURISDICTION_ASSET_PREFIX.length, key.length - 9));
    const id = readU64be(key.subarray(key.length - 8));
    const asset = assets.get(id);
    if (!asset) broken.push(`the jurisdiction index lists asset ${id}, which does not exist`);
    else if (asset.jurisdictionCode !== code) broken.push(`the jurisdiction index lists asset ${id} under ${code}, but it is in ${asset.jurisdictionCode}`);
  }
  for (const { key, value } of store.prefixIterator(METADATA_HASH_PREFIX)) {
    const hash = `0x${hex(key.subarray(METADATA_HASH_PREFIX.length))}`;
    const asset = assets.get(readU64be(value));
    if (!asset || asset.metadataHash !== hash) broken.push(`metadata hash ${hash} points at asset ${readU64be(value)}, which does not carry it`);
  }
  return broken;
}

/**
 * Each asset's history is seq 1, 2, ... with no gap, each entry starting where the last ended and
 * the last ending at the owner; the tax paid is in the price's denom and no more than the price.
 */
export function registryHistory(state: StateReader): string[] {
  const broken: string[] = [];
  let current: { assetId: bigint; seq: bigint; to: string } | undefined;
  const checkLast = () => {
    if (!current) return;
    const asset = registry.getAsset(state, current.assetId);
    if (!asset) broken.push(`asset ${current.assetId} has a history but no record`);
    else if (asset.owner !== current.to) broken.push(`asset ${current.assetId}'s last transfer is to ${current.to}, but ${asset.owner} owns it`);
  };
  for (const h of registry.allHistory(state)) {
    if (current?.assetId !== h.assetId) {
      checkLast();
      current = undefined;
    }
    const expected = (current?.seq ?? 0n) + 1n;
    if (h.seq !== expected) broken.push(`asset ${h.assetId}'s history has seq ${h.seq} where ${expected} belongs`);
    if (current && h.from !== current.to)
      broken.push(`asset ${h.assetId} transfer ${h.seq} is from ${h.from}, but transfer ${current.seq} went to ${current.to}`);
    if (h.from === h.to) broken.push(`asset ${h.assetId} transfer ${h.seq} is from its owner to itself`);
    const price = h.price;
    const tax = h.taxPaid;
    if (!price || !tax || tax.denom !== price.denom || BigInt(tax.amount) > BigInt(price.amount))
      broken.push(`asset ${h.assetId} transfer ${h.seq} paid ${tax?.amount}${tax?.denom} tax on a price of ${price?.amount}${price?.denom}`);
    current = { assetId: h.assetId, seq: h.seq, to: h.to };
  }
  checkLast();
  return broken;
}

/**
 * Registry and taxrail together: what taxrail records as collected for a jurisdiction is the tax the
 * registry's history says its assets' transfers paid, denom by denom. Taxrail collects nowhere else
 * and withdrawals lower only the balance. (A chain whose genesis imports tax balances or history
 * starts the two sums apart; the simulation's genesis has neither.)
 */
export function taxCollectedMatchesHistory(state: StateReader, taxrail: TaxrailKeeper): string[] {
  const paid = new Map<string, bigint>();
  const codeOf = new Map<bigint, string>();
  for (const h of registry.allHistory(state)) {
    if (!h.taxPaid || BigInt(h.taxPaid.amount) === 0n) continue;
    let code = codeOf.get(h.assetId);
    if (code === undefined) {
      code = registry.getAsset(state, h.assetId)?.jurisdictionCode ?? "?";
      codeOf.set(h.assetId, code);
    }
    const k = `${code} ${h.taxPaid.denom}`;
    paid.set(k, (paid.get(k) ?? 0n) + BigInt(h.taxPaid.amount));
  }
  const collected = new Map<string, bigint>();
  for (const b of taxrail.balances(state)) for (const c of b.collected) collected.set(`${b.jurisdictionCode} ${c.denom}`, BigInt(c.amount));
  const broken: string[] = [];
  for (const k of [...new Set([...paid.keys(), ...collected.keys()])].sort()) {
    if ((paid.get(k) ?? 0n) !== (collected.get(k) ?? 0n))
      broken.push(`taxrail collected ${collected.get(k) ?? 0n} of ${k.replace(" ", "'s ")}, the registry's history paid ${paid.get(k) ?? 0n}`);
  }
  return broken;
}
