// Registry messages as Anys ready for a tx body (chain.registry). Register is signed by the
// jurisdiction's authority, transfer by the asset's owner; setting and removing jurisdiction
// authorities and updating params only travel inside gov proposals.
import type { Any } from "@bufbuild/protobuf/wkt";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ParamsSchema } from "../../gen/chain/registry/registry_pb.js";
import {
  MsgRegisterAssetSchema,
  MsgRemoveJurisdictionAuthoritySchema,
  MsgSetJurisdictionAuthoritySchema,
  MsgTransferAssetSchema,
  MsgUpdateParamsSchema,
} from "../../gen/chain/registry/tx_pb.js";
import type { Coin } from "./coins.js";
import { jurisdictionCodeProblem } from "./jurisdictions.js";
import { packAny } from "./registry.js";

export { isJurisdictionCode, jurisdictionCodeProblem, JURISDICTION_CODE_PATTERN } from "./jurisdictions.js";

/** "0x" and 64 hex digits (either case): the SHA-256 of the off-chain title document. */
export const METADATA_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/**
 * Asset classes are short machine names ("real_estate", "vehicle"): a lower-case letter, then
 * lower-case letters, digits and "_". The chain bounds the length with its max_asset_class_length
 * param (default 32, never above 64).
 */
export const ASSET_CLASS_PATTERN = /^[a-z][a-z0-9_]*$/;
export const MAX_ASSET_CLASS_LENGTH_LIMIT = 64;

export interface MsgRegisterAssetInput {
  authority: string;
  jurisdictionCode: string;
  assetClass: string;
  owner: string;
  metadataHash: string;
  declaredValue: Coin;
}

/** `/chain.registry.MsgRegisterAsset` packed in an Any. */
export function msgRegisterAsset(input: MsgRegisterAssetInput): Any {
  const problem = jurisdictionCodeProblem(input.jurisdictionCode);
  if (problem) throw new Error(problem);
  if (!METADATA_HASH_PATTERN.test(input.metadataHash))
    throw new Error(`metadata hash "${input.metadataHash.slice(0, 80)}" is not 0x followed by 64 hex digits (a SHA-256 digest)`);
  return packAny(MsgRegisterAssetSchema, input);
}

/** `/chain.registry.MsgTransferAsset` packed in an Any; `owner` signs and pays the transfer tax. */
export function msgTransferAsset(input: { owner: string; assetId: bigint; newOwner: string; price: Coin }): Any {
  return packAny(MsgTransferAssetSchema, input);
}

/** `/chain.registry.MsgSetJurisdictionAuthority` for a gov proposal: who registers assets in a jurisdiction. */
export function msgSetJurisdictionAuthority(input: { authority: string; jurisdictionCode: string; authorityAddress: string; name: string }): Any {
  const problem = jurisdictionCodeProblem(input.jurisdictionCode);
  if (problem) throw new Error(problem);
  return packAny(MsgSetJurisdictionAuthoritySchema, input);
}

/** `/chain.registry.MsgRemoveJurisdictionAuthority` for a gov proposal. */
export function msgRemoveJurisdictionAuthority(input: { authority: string; jurisdictionCode: string }): Any {
  const problem = jurisdictionCodeProblem(input.jurisdictionCode);
  if (problem) throw new Error(problem);
  return packAny(MsgRemoveJurisdictionAuthoritySchema, input);
}

/** `/chain.registry.MsgUpdateParams` for a gov proposal: the module's whole params. */
export function msgUpdateRegistryParams(input: { authority: string; params: MessageInitShape<typeof ParamsSchema> }): Any {
  return packAny(MsgUpdateParamsSchema, input);
}
