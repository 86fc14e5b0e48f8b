// Registry genesis: chain.registry.GenesisState in proto-JSON with snake_case names. Every record
// is held to the rules a transaction would be held to (except attestation: identity's state may
// change independently, and the rule is checked when an asset is registered or transferred); the
// indexes (by owner, jurisdiction, metadata hash) are rebuilt from the records, never read.
// Export writes the same shape back, so export then import reproduces the state.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { AssetSchema, GenesisStateSchema, TransferRecordSchema, type GenesisState } from "../../../gen/chain/registry/registry_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import type { RegistryKeeper } from "./keeper.js";
import {
  defaultRegistryParams,
  MAX_ASSET_CLASS_LENGTH_LIMIT,
  normalizeMetadataHash,
  parsePositiveCoin,
  validateAssetClass,
  validateJurisdictionCode,
  validateJurisdictionName,
  validateParams,
} from "./validation.js";

const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

export function defaultRegistryGenesis(): unknown {
  const g = create(GenesisStateSchema, { params: defaultRegistryParams(), jurisdictions: [], assets: [], history: [], nextAssetId: 1n });
  return toJson(GenesisStateSchema, g, JSON_OPTIONS);
}

/** The module's whole state as genesis JSON: what initRegistryGenesis reads back. */
export function exportRegistryGenesis(state: StateReader, keeper: RegistryKeeper): unknown {
  const g = create(GenesisStateSchema, {
    params: keeper.getParams(state),
    jurisdictions: keeper.jurisdictions(state),
    assets: keeper.assets(state),
    history: keeper.allHistory(state),
    nextAssetId: keeper.nextAssetId(state),
  });
  return toJson(GenesisStateSchema, g, JSON_OPTIONS);
}

/** Runs `check`, turning any failure into a plain error naming the genesis field. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`registry genesis${where ? ` ${where}` : ""}: ${(err as Error).message}`);
  }
}

function parseGenesis(raw: unknown): GenesisState {
  return at("", () => fromJson(GenesisStateSchema, raw as never));
}

export function initRegistryGenesis(ctx: Context, keeper: RegistryKeeper, raw: unknown): void {
  const g = parseGenesis(raw);
  const params = at("params", () => validateParams(g.params ?? defaultRegistryParams()));
  keeper.setParams(ctx, params);

  for (const [i, j] of g.jurisdictions.entries()) {
    const where = `jurisdictions[${i}]`;
    at(`${where}.jurisdiction_code`, () => validateJurisdictionCode(j.jurisdictionCode));
    const authority = at(`${where}.authority`, () => parseAccAddress(j.authority, "authority"));
    at(`${where}.name`, () => validateJurisdictionName(j.name));
    if (keeper.getJurisdiction(ctx.store, j.jurisdictionCode)) throw new Error(`registry genesis ${where}: duplicate jurisdiction ${j.jurisdictionCode}`);
    // An authority listed at genesis without a date was set when the chain began.
    keeper.setJurisdiction(ctx, { jurisdictionCode: j.jurisdictionCode, authority, name: j.name, addedAt: j.addedAt ?? ctx.header.time });
  }

  let maxId = 0n;
  const owners = new Map<bigint, string>();
  for (const [i, a] of g.assets.entries()) {
    const where = `assets[${i}]`;
    if (a.id === 0n) throw new Error(`registry genesis ${where}.id: ids start at 1`);
    if (keeper.getAsset(ctx.store, a.id)) throw new Error(`registry genesis ${where}.id: duplicate id ${a.id}`);
    // A jurisdiction need not have an authority: assets outlive the removal of theirs.
    at(`${where}.jurisdiction_code`, () => validateJurisdictionCode(a.jurisdictionCode));
    // Against the hard limit, not max_asset_class_length: an asset registered before governance
    // lowered that param stays registered, so an exported state must import back.
    at(`${where}.asset_class`, () => validateAssetClass(a.assetClass, MAX_ASSET_CLASS_LENGTH_LIMIT));
    const declared = at(`${where}.declared_value`, () => parsePositiveCoin(a.declaredValue, "declared_value"));
    const record = create(AssetSchema, {
      id: a.id,
      jurisdictionCode: a.jurisdictionCode,
      assetClass: a.assetClass,
      owner: accAddressToString(at(`${where}.owner`, () => parseAccAddress(a.owner, "owner"))),
      metadataHash: at(`${where}.metadata_hash`, () => normalizeMetadataHash(a.metadataHash)),
      registeredBy: accAddressToString(at(`${where}.registered_by`, () => parseAccAddress(a.registeredBy, "registered_by"))),
      registeredAt: a.registeredAt ?? ctx.header.time,
      declaredValue: { denom: declared.denom, amount: declared.amount.toString() },
    });
    at(where, () => keeper.putAsset(ctx, record));
    owners.set(a.id, record.owner);
    if (a.id > maxId) maxId = a.id;
  }

  // Each asset's entries in seq order 1, 2, ...: each starts where the previous ended, and the
  // last ends at the asset's owner, so the history and the owner never disagree.
  const lastTo = new Map<bigint, { seq: bigint; to: string }>();
  for (const [i, h] of g.history.entries()) {
    const where = `history[${i}]`;
    const owner = owners.get(h.assetId);
    if (owner === undefined) throw new Error(`registry genesis ${where}.asset_id: asset ${h.assetId} is not in assets`);
    const previous = lastTo.get(h.assetId);
    const expectedSeq = (previous?.seq ?? 0n) + 1n;
    if (h.seq !== expectedSeq) throw new Error(`registry genesis ${where}.seq: asset ${h.assetId} expects seq ${expectedSeq}, got ${h.seq}`);
    const from = accAddressToString(at(`${where}.from`, () => parseAccAddress(h.from, "from")));
    const to = accAddressToString(at(`${where}.to`, () => parseAccAddress(h.to, "to")));
    if (previous && previous.to !== from) throw new Error(`registry genesis ${where}.from: ${from} is not ${previous.to}, the previous entry's new owner`);
    const price = at(`${where}.price`, () => parsePositiveCoin(h.price, "price"));
    const tax = h.taxPaid;
    if (!tax || tax.denom !== price.denom || !/^\d{1,78}$/.test(tax.amount) || BigInt(tax.amount) > price.amount) {
      throw new Error(`registry genesis ${where}.tax_paid: must be an amount of ${price.denom} no larger than the price`);
    }
    keeper.putHistory(
      ctx,
      create(TransferRecordSchema, {
        assetId: h.assetId,
        seq: h.seq,
        from,
        to,
        price: { denom: price.denom, amount: price.amount.toString() },
        taxPaid: { denom: tax.denom, amount: BigInt(tax.amount).toString() },
        height: h.height,
        time: h.time ?? ctx.header.time,
      }),
    );
    lastTo.set(h.assetId, { seq: h.seq, to });
  }
  for (const [assetId, last] of lastTo) {
    if (owners.get(assetId) !== last.to)
      throw new Error(`registry genesis history: asset ${assetId}'s last transfer is to ${last.to}, not its owner ${owners.get(assetId)}`);
  }

  // Absent (0) means "after the last asset"; a given value must leave every listed id behind.
  const next = g.nextAssetId === 0n ? maxId + 1n : g.nextAssetId;
  if (next <= maxId) throw new Error(`registry genesis next_asset_id: ${next} must be above every asset id (highest ${maxId})`);
  keeper.setNextAssetId(ctx, next);
}
