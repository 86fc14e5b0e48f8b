// The only code that reads or writes the registry module's keys. Reads take the whole state (a
// committed view or a block's branch), writes the Context of the transition. Who may do what
// (authorities, owners, attestation) is the message handlers' check; the keeper keeps the records
// and their indexes (by owner, by jurisdiction, by metadata hash) consistent.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import {
  AssetSchema,
  JurisdictionAuthoritySchema,
  ParamsSchema,
  TransferRecordSchema,
  type Asset,
  type JurisdictionAuthority,
  type Params,
  type TransferRecord,
} from "../../../gen/chain/registry/registry_pb.js";
import type { PageRequest } from "../../../gen/cosmos/base/query/v1beta1/pagination_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { Coin } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import { paginate, type Page } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import { registryErrors } from "./errors.js";
import type { RegistryIdentityKeeper, RegistryTaxCollector, TransferTax } from "./expectedKeepers.js";
import {
  assetKey,
  historyKey,
  historyPrefix,
  JURISDICTION_PREFIX,
  jurisdictionAssetKey,
  jurisdictionAssetsPrefix,
  jurisdictionKey,
  metadataHashKey,
  MODULE_NAME,
  NEXT_ASSET_ID_KEY,
  ownerAssetKey,
  ownerAssetsPrefix,
  PARAMS_KEY,
  readU64be,
  u64be,
  ASSET_PREFIX,
  HISTORY_PREFIX,
} from "./keys.js";
import { defaultRegistryParams } from "./validation.js";

const wireCoin = (c: Coin) => ({ denom: c.denom, amount: c.amount.toString() });

/** What registering needs; addresses as bytes (already validated), the hash in its stored lower-case form. */
export interface NewAsset {
  jurisdictionCode: string;
  assetClass: string;
  owner: Uint8Array;
  metadataHash: string;
  registeredBy: Uint8Array;
  declaredValue: Coin;
}

export class RegistryKeeper {
  constructor(
    private readonly identity: RegistryIdentityKeeper,
    private readonly tax: RegistryTaxCollector,
    /** The address governance-only messages must carry as their authority (the gov module account). */
    readonly authority: string,
  ) {}

  private readonly key = new StoreKey(MODULE_NAME);

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultRegistryParams();
  }

  setParams(ctx: Context, params: Params): void {
    const record = create(ParamsSchema, { requireAttestedOwner: params.requireAttestedOwner, maxAssetClassLength: params.maxAssetClassLength });
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, record));
  }

  // ---- other modules, through the interfaces registry declares

  isAttested(state: StateReader, address: Uint8Array): boolean {
    return this.identity.isAttested(state, address);
  }

  collectTransferTax(ctx: Context, transfer: TransferTax): Coin {
    return this.tax.collectTransferTax(ctx, transfer);
  }

  // ---- jurisdiction authorities

  getJurisdiction(state: StateReader, code: string): JurisdictionAuthority | undefined {
    return getMessage(this.key.read(state), jurisdictionKey(code), JurisdictionAuthoritySchema);
  }

  /** The bech32 address of the jurisdiction's authority, or undefined when it has none (taxrail asks this). */
  jurisdictionAuthority(state: StateReader, code: string): string | undefined {
    return this.getJurisdiction(state, code)?.authority;
  }

  /** Creates or replaces the jurisdiction's authority; returns the one it replaced. */
  setJurisdiction(
    ctx: Context,
    record: { jurisdictionCode: string; authority: Uint8Array; name: string; addedAt: Timestamp },
  ): JurisdictionAuthority | undefined {
    const previous = this.getJurisdiction(ctx.store, record.jurisdictionCode);
    const value = create(JurisdictionAuthoritySchema, {
      jurisdictionCode: record.jurisdictionCode,
      authority: accAddressToString(record.authority),
      name: record.name,
      addedAt: record.addedAt,
    });
    this.key.write(ctx).set(jurisdictionKey(record.jurisdictionCode), toBinary(JurisdictionAuthoritySchema, value));
    return previous;
  }

  /** Its assets stay registered; nobody registers new ones there until governance sets an authority again. */
  removeJurisdiction(ctx: Context, code: string): JurisdictionAuthority {
    const existing = this.getJurisdiction(ctx.store, code);
    if (!existing) throw registryErrors.jurisdictionNotFound.wrap(`${code} has no authority to remove`);
    this.key.write(ctx).delete(jurisdictionKey(code));
    return existing;
  }

  jurisdictionsPage(state: StateReader, req: PageRequest | undefined): Page<JurisdictionAuthority> {
    return paginate(this.key.read(state), JURISDICTION_PREFIX, req, (_key, value) => fromBinary(JurisdictionAuthoritySchema, value));
  }

  /** Every jurisdiction authority, in code order. */
  jurisdictions(state: StateReader): JurisdictionAuthority[] {
    return [...this.key.read(state).prefixIterator(JURISDICTION_PREFIX)].map(({ value }) => fromBinary(JurisdictionAuthoritySchema, value));
  }

  // ---- assets

  /** The id the next registered asset gets; ids start at 1. */
  nextAssetId(state: StateReader): bigint {
    const raw = this.key.read(state).get(NEXT_ASSET_ID_KEY);
    return raw ? readU64be(raw) : 1n;
  }

  setNextAssetId(ctx: Context, id: bigint): void {
    this.key.write(ctx).set(NEXT_ASSET_ID_KEY, u64be(id));
  }

  getAsset(state: StateReader, id: bigint): Asset | undefined {
    return getMessage(this.key.read(state), assetKey(id), AssetSchema);
  }

  /** The id of the asset registered with this (stored-form) metadata hash, if any. */
  assetIdByMetadataHash(state: StateReader, hash: string): bigint | undefined {
    const raw = this.key.read(state).get(metadataHashKey(hash));
    return raw ? readU64be(raw) : undefined;
  }

  /** Registers a new asset with the next id; a metadata hash already registered is refused. */
  registerAsset(ctx: Context, input: NewAsset): Asset {
    const id = this.nextAssetId(ctx.store);
    const asset = create(AssetSchema, {
      id,
      jurisdictionCode: input.jurisdictionCode,
      assetClass: input.assetClass,
      owner: accAddressToString(input.owner),
      metadataHash: input.metadataHash,
      registeredBy: accAddressToString(input.registeredBy),
      registeredAt: ctx.header.time,
      declaredValue: wireCoin(input.declaredValue),
    });
    this.putAsset(ctx, asset);
    this.setNextAssetId(ctx, id + 1n);
    return asset;
  }

  /** Writes a new asset record and its indexes (registering and genesis import): the one place they are created. */
  putAsset(ctx: Context, asset: Asset): void {
    const store = this.key.write(ctx);
    if (store.has(assetKey(asset.id))) throw new Error(`registry: asset ${asset.id} already exists`);
    const existing = store.get(metadataHashKey(asset.metadataHash));
    if (existing) throw registryErrors.duplicateAsset.wrap(`asset ${readU64be(existing)} is already registered with metadata hash ${asset.metadataHash}`);
    const owner = parseAccAddress(asset.owner, "asset owner");
    store.set(assetKey(asset.id), toBinary(AssetSchema, asset));
    store.set(metadataHashKey(asset.metadataHash), u64be(asset.id));
    store.set(ownerAssetKey(owner, asset.id), new Uint8Array());
    store.set(jurisdictionAssetKey(asset.jurisdictionCode, asset.id), new Uint8Array());
  }

  /** Every asset, in id order (genesis export). */
  assets(state: StateReader): Asset[] {
    return [...this.key.read(state).prefixIterator(ASSET_PREFIX)].map(({ value }) => fromBinary(AssetSchema, value));
  }

  assetsByOwnerPage(state: StateReader, owner: Uint8Array, req: PageRequest | undefined): Page<Asset> {
    return this.assetIndexPage(state, ownerAssetsPrefix(owner), req);
  }

  assetsByJurisdictionPage(state: StateReader, code: string, req: PageRequest | undefined): Page<Asset> {
    return this.assetIndexPage(state, jurisdictionAssetsPrefix(code), req);
  }

  /** An index page: each key relative to `prefix` is the asset id (u64 BE). */
  private assetIndexPage(state: StateReader, prefix: Uint8Array, req: PageRequest | undefined): Page<Asset> {
    const reader = this.key.read(state);
    return paginate(reader, prefix, req, (key) => {
      const asset = getMessage(reader, assetKey(readU64be(key)), AssetSchema);
      if (!asset) throw new Error(`registry: index points at a missing asset (key ${Buffer.from(key).toString("hex")})`);
      return asset;
    });
  }

  // ---- transfers

  /** The seq of the asset's latest transfer; 0 when it was never transferred. */
  lastSeq(state: StateReader, assetId: bigint): bigint {
    for (const { key } of this.key.read(state).prefixIterator(historyPrefix(assetId), true)) return readU64be(key.subarray(1 + 8));
    return 0n;
  }

  /**
   * Moves the asset to `to` and appends its history entry; the tax was collected by the caller.
   * Returns the entry.
   */
  transferAsset(ctx: Context, asset: Asset, to: Uint8Array, price: Coin, taxPaid: Coin): TransferRecord {
    const store = this.key.write(ctx);
    const from = parseAccAddress(asset.owner, "asset owner");
    const record = create(TransferRecordSchema, {
      assetId: asset.id,
      seq: this.lastSeq(ctx.store, asset.id) + 1n,
      from: asset.owner,
      to: accAddressToString(to),
      price: wireCoin(price),
      taxPaid: wireCoin(taxPaid),
      height: ctx.header.height,
      time: ctx.header.time,
    });
    store.delete(ownerAssetKey(from, asset.id));
    store.set(ownerAssetKey(to, asset.id), new Uint8Array());
    store.set(assetKey(asset.id), toBinary(AssetSchema, create(AssetSchema, { ...asset, owner: record.to })));
    store.set(historyKey(asset.id, record.seq), toBinary(TransferRecordSchema, record));
    return record;
  }

  /** Genesis import: a history entry as given (the caller checked its asset and seq order). */
  putHistory(ctx: Context, record: TransferRecord): void {
    this.key.write(ctx).set(historyKey(record.assetId, record.seq), toBinary(TransferRecordSchema, record));
  }

  historyPage(state: StateReader, assetId: bigint, req: PageRequest | undefined): Page<TransferRecord> {
    return paginate(this.key.read(state), historyPrefix(assetId), req, (_key, value) => fromBinary(TransferRecordSchema, value));
  }

  /** Every history entry of every asset, by asset id then seq (genesis export). */
  allHistory(state: StateReader): TransferRecord[] {
    return [...this.key.read(state).prefixIterator(HISTORY_PREFIX)].map(({ value }) => fromBinary(TransferRecordSchema, value));
  }
}
