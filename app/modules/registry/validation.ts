// Stateless format rules shared by the messages (validateBasic) and genesis, so a record genesis
// accepts is one a transaction could have written. The code, hash and class rules are the client
// SDK's (sdk/tx/registryMessages.ts), so the CLI refuses exactly what the chain would.
import { create } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../gen/chain/registry/registry_pb.js";
import { ASSET_CLASS_PATTERN, jurisdictionCodeProblem, MAX_ASSET_CLASS_LENGTH_LIMIT, METADATA_HASH_PATTERN } from "../../../sdk/tx/registryMessages.js";
import { DENOM_PATTERN } from "../../../sdk/tx/coins.js";
import { MAX_AMOUNT, type Coin } from "../../coins/coins.js";
import { registryErrors } from "./errors.js";

export { ASSET_CLASS_PATTERN, MAX_ASSET_CLASS_LENGTH_LIMIT, METADATA_HASH_PATTERN };
export const MAX_JURISDICTION_NAME_LENGTH = 140;
export const DEFAULT_MAX_ASSET_CLASS_LENGTH = 32;

export function defaultRegistryParams(): Params {
  return create(ParamsSchema, { requireAttestedOwner: true, maxAssetClassLength: DEFAULT_MAX_ASSET_CLASS_LENGTH });
}

/** Quotes user text in an error message without letting it grow the log unboundedly. */
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

export function validateJurisdictionCode(code: string, field = "jurisdiction_code"): void {
  const problem = jurisdictionCodeProblem(code);
  if (problem) throw registryErrors.invalidJurisdictionCode.wrap(`${field}: ${problem}`);
}

/** Returns the stored form: lower-case, so one digest has one spelling on chain. */
export function normalizeMetadataHash(hash: string, field = "metadata_hash"): string {
  if (!METADATA_HASH_PATTERN.test(hash)) {
    throw registryErrors.invalidMetadataHash.wrap(`${field} ${quote(hash)} must be 0x followed by 64 hex digits (the SHA-256 of the title document)`);
  }
  return hash.toLowerCase();
}

export function validateAssetClass(assetClass: string, maxLength: number, field = "asset_class"): void {
  if (!ASSET_CLASS_PATTERN.test(assetClass)) {
    throw registryErrors.invalidAssetClass.wrap(`${field} ${quote(assetClass)} must be a lower-case letter followed by lower-case letters, digits or _`);
  }
  if (assetClass.length > maxLength) throw registryErrors.invalidAssetClass.wrap(`${field} has ${assetClass.length} characters, more than ${maxLength}`);
}

/** A display name: not blank, at most 140 characters (code points), no control characters. */
export function validateJurisdictionName(name: string, field = "name"): void {
  if (name.trim() === "") throw registryErrors.invalidName.wrap(`${field} is empty`);
  const length = [...name].length;
  if (length > MAX_JURISDICTION_NAME_LENGTH)
    throw registryErrors.invalidName.wrap(`${field} has ${length} characters, more than ${MAX_JURISDICTION_NAME_LENGTH}`);
  if (/\p{Cc}/u.test(name)) throw registryErrors.invalidName.wrap(`${field} contains control characters`);
}

/**
 * A price or declared value: present, a valid denom, a positive integer below 2^256. Zero is
 * refused: a zero-price "sale" would carry an asset past the transfer tax.
 */
export function parsePositiveCoin(coin: { denom: string; amount: string } | undefined, field: string): Coin {
  if (!coin) throw registryErrors.invalidAmount.wrap(`${field} is missing`);
  if (!DENOM_PATTERN.test(coin.denom)) throw registryErrors.invalidAmount.wrap(`${field} has an invalid denom ${quote(coin.denom)}`);
  if (!/^\d{1,78}$/.test(coin.amount)) throw registryErrors.invalidAmount.wrap(`${field} amount ${quote(coin.amount)} must be an unsigned integer`);
  const amount = BigInt(coin.amount);
  if (amount === 0n) throw registryErrors.invalidAmount.wrap(`${field} must be positive, got 0${coin.denom}`);
  if (amount > MAX_AMOUNT) throw registryErrors.invalidAmount.wrap(`${field} overflows 256 bits`);
  return { denom: coin.denom, amount };
}

export function validateParams(params: Params | undefined, field = "params"): Params {
  if (!params) throw registryErrors.invalidParams.wrap(`${field} missing`);
  const max = params.maxAssetClassLength;
  if (max < 1 || max > MAX_ASSET_CLASS_LENGTH_LIMIT) {
    throw registryErrors.invalidParams.wrap(`${field}.max_asset_class_length must be 1 to ${MAX_ASSET_CLASS_LENGTH_LIMIT}, got ${max}`);
  }
  return create(ParamsSchema, { requireAttestedOwner: params.requireAttestedOwner, maxAssetClassLength: max });
}
