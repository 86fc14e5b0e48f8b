// chain.registry.Msg: formats and the governance authority are checked in validateBasic (it runs
// in CheckTx, before any fee is taken, and before every execution: app/tx/msgRouter.ts);
// jurisdiction authority, ownership, attestation and existence in handle, against the block's
// state. A transfer collects its tax first (through taxrail) and writes the registry's records
// after, so a seller who cannot pay leaves everything as it was.
import {
  MsgRegisterAssetResponseSchema,
  MsgRegisterAssetSchema,
  MsgRemoveJurisdictionAuthorityResponseSchema,
  MsgRemoveJurisdictionAuthoritySchema,
  MsgSetJurisdictionAuthorityResponseSchema,
  MsgSetJurisdictionAuthoritySchema,
  MsgTransferAssetResponseSchema,
  MsgTransferAssetSchema,
  MsgUpdateParamsResponseSchema,
  MsgUpdateParamsSchema,
} from "../../../gen/chain/registry/tx_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { equalBytes } from "../../store/bytes.js";
import { governanceOnly } from "../../tx/authority.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { registryErrors } from "./errors.js";
import { emitAssetRegistered, emitAssetTransferred, emitJurisdictionAuthorityRemoved, emitJurisdictionAuthoritySet, emitParamsUpdated } from "./events.js";
import type { RegistryKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";
import {
  MAX_ASSET_CLASS_LENGTH_LIMIT,
  normalizeMetadataHash,
  parsePositiveCoin,
  validateAssetClass,
  validateJurisdictionCode,
  validateJurisdictionName,
  validateParams,
} from "./validation.js";

const wireCoin = (c: { denom: string; amount: bigint }) => ({ denom: c.denom, amount: c.amount.toString() });

export function msgSetJurisdictionAuthorityHandler(
  keeper: RegistryKeeper,
): MsgHandler<typeof MsgSetJurisdictionAuthoritySchema, typeof MsgSetJurisdictionAuthorityResponseSchema> {
  return governanceOnly(keeper.authority, registryErrors.invalidAuthority, {
    request: MsgSetJurisdictionAuthoritySchema,
    response: MsgSetJurisdictionAuthorityResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateJurisdictionCode(msg.jurisdictionCode);
      parseAccAddress(msg.authorityAddress, "authority address");
      validateJurisdictionName(msg.name);
    },
    handle: (ctx, msg) => {
      const address = parseAccAddress(msg.authorityAddress, "authority address");
      const previous = keeper.setJurisdiction(ctx, { jurisdictionCode: msg.jurisdictionCode, authority: address, name: msg.name, addedAt: ctx.header.time });
      emitJurisdictionAuthoritySet(ctx, {
        jurisdictionCode: msg.jurisdictionCode,
        authority: accAddressToString(address),
        name: msg.name,
        previousAuthority: previous?.authority ?? "",
      });
      return {};
    },
  });
}

export function msgRemoveJurisdictionAuthorityHandler(
  keeper: RegistryKeeper,
): MsgHandler<typeof MsgRemoveJurisdictionAuthoritySchema, typeof MsgRemoveJurisdictionAuthorityResponseSchema> {
  return governanceOnly(keeper.authority, registryErrors.invalidAuthority, {
    request: MsgRemoveJurisdictionAuthoritySchema,
    response: MsgRemoveJurisdictionAuthorityResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateJurisdictionCode(msg.jurisdictionCode);
    },
    handle: (ctx, msg) => {
      const removed = keeper.removeJurisdiction(ctx, msg.jurisdictionCode);
      emitJurisdictionAuthorityRemoved(ctx, msg.jurisdictionCode, removed.authority);
      return {};
    },
  });
}

export function msgUpdateParamsHandler(keeper: RegistryKeeper): MsgHandler<typeof MsgUpdateParamsSchema, typeof MsgUpdateParamsResponseSchema> {
  return governanceOnly(keeper.authority, registryErrors.invalidAuthority, {
    request: MsgUpdateParamsSchema,
    response: MsgUpdateParamsResponseSchema,
    module: MODULE_NAME,
    validateBasic: (msg) => {
      validateParams(msg.params);
    },
    handle: (ctx, msg) => {
      const params = validateParams(msg.params); // cannot throw: validateBasic ran; it returns the clean record
      keeper.setParams(ctx, params);
      emitParamsUpdated(ctx, params);
      return {};
    },
  });
}

export function msgRegisterAssetHandler(keeper: RegistryKeeper): MsgHandler<typeof MsgRegisterAssetSchema, typeof MsgRegisterAssetResponseSchema> {
  return {
    request: MsgRegisterAssetSchema,
    response: MsgRegisterAssetResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.authority, "authority")],
    validateBasic: (msg) => {
      parseAccAddress(msg.authority, "authority");
      validateJurisdictionCode(msg.jurisdictionCode);
      // The class's length is a param, checked in handle; here only its form and the hard limit.
      validateAssetClass(msg.assetClass, MAX_ASSET_CLASS_LENGTH_LIMIT);
      parseAccAddress(msg.owner, "owner");
      normalizeMetadataHash(msg.metadataHash);
      parsePositiveCoin(msg.declaredValue, "declared_value");
    },
    handle: (ctx, msg, [signer]) => {
      const params = keeper.getParams(ctx.store);
      const jurisdiction = keeper.getJurisdiction(ctx.store, msg.jurisdictionCode);
      if (!jurisdiction) throw registryErrors.jurisdictionNotFound.wrap(`${msg.jurisdictionCode} has no authority, so no asset can be registered there`);
      if (jurisdiction.authority !== accAddressToString(signer!)) {
        throw registryErrors.notJurisdictionAuthority.wrap(`${msg.authority} is not the authority of ${msg.jurisdictionCode}`);
      }
      validateAssetClass(msg.assetClass, params.maxAssetClassLength);
      const owner = parseAccAddress(msg.owner, "owner");
      if (params.requireAttestedOwner && !keeper.isAttested(ctx.store, owner)) {
        throw registryErrors.ownerNotAttested.wrap(`owner ${msg.owner} is not attested, and require_attested_owner is set`);
      }
      const asset = keeper.registerAsset(ctx, {
        jurisdictionCode: msg.jurisdictionCode,
        assetClass: msg.assetClass,
        owner,
        metadataHash: normalizeMetadataHash(msg.metadataHash),
        registeredBy: signer!,
        declaredValue: parsePositiveCoin(msg.declaredValue, "declared_value"),
      });
      emitAssetRegistered(ctx, {
        assetId: asset.id,
        jurisdictionCode: asset.jurisdictionCode,
        assetClass: asset.assetClass,
        owner: asset.owner,
        metadataHash: asset.metadataHash,
        registeredBy: asset.registeredBy,
        declaredValue: asset.declaredValue,
      });
      return { assetId: asset.id };
    },
  };
}

export function msgTransferAssetHandler(keeper: RegistryKeeper): MsgHandler<typeof MsgTransferAssetSchema, typeof MsgTransferAssetResponseSchema> {
  return {
    request: MsgTransferAssetSchema,
    response: MsgTransferAssetResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.owner, "owner")],
    validateBasic: (msg) => {
      const owner = parseAccAddress(msg.owner, "owner");
      if (msg.assetId === 0n) throw registryErrors.assetNotFound.wrap("asset 0 (ids start at 1)");
      const to = parseAccAddress(msg.newOwner, "new owner");
      if (equalBytes(owner, to)) throw registryErrors.invalidTransfer.wrap(`new owner ${msg.newOwner} is already the owner`);
      parsePositiveCoin(msg.price, "price");
    },
    handle: (ctx, msg, [signer]) => {
      const asset = keeper.getAsset(ctx.store, msg.assetId);
      if (!asset) throw registryErrors.assetNotFound.wrap(`asset ${msg.assetId}`);
      if (asset.owner !== accAddressToString(signer!)) throw registryErrors.notAssetOwner.wrap(`${msg.owner} does not own asset ${msg.assetId}`);
      const to = parseAccAddress(msg.newOwner, "new owner");
      if (keeper.getParams(ctx.store).requireAttestedOwner && !keeper.isAttested(ctx.store, to)) {
        throw registryErrors.ownerNotAttested.wrap(`new owner ${msg.newOwner} is not attested, and require_attested_owner is set`);
      }
      const price = parsePositiveCoin(msg.price, "price");
      // First, while nothing is written: a seller who cannot pay the tax fails here.
      const taxPaid = keeper.collectTransferTax(ctx, { payer: signer!, jurisdictionCode: asset.jurisdictionCode, assetId: asset.id, price });
      const record = keeper.transferAsset(ctx, asset, to, price, taxPaid);
      emitAssetTransferred(ctx, { assetId: asset.id, seq: record.seq, from: record.from, to: record.to, price: wireCoin(price), taxPaid: wireCoin(taxPaid) });
      return { seq: record.seq, taxPaid: wireCoin(taxPaid) };
    },
  };
}
