// The registry module's registered errors. The SDK has no registry module, so codes start at 2
// (1 is reserved for "internal" in every SDK codespace); invalidAuthority keeps the description of
// the SDK's gov ErrInvalidSigner, which its modules return for the same failure.
import { GrpcCode, registerError } from "../../../common/errors.js";
import { MODULE_NAME } from "./keys.js";

export const registryErrors = {
  invalidAuthority: registerError(MODULE_NAME, 2, "expected gov account as only signer for proposal message", GrpcCode.PERMISSION_DENIED),
  invalidJurisdictionCode: registerError(MODULE_NAME, 3, "invalid jurisdiction code"),
  jurisdictionNotFound: registerError(MODULE_NAME, 4, "jurisdiction has no authority", GrpcCode.NOT_FOUND),
  notJurisdictionAuthority: registerError(MODULE_NAME, 5, "signer is not the jurisdiction's authority", GrpcCode.PERMISSION_DENIED),
  invalidAssetClass: registerError(MODULE_NAME, 6, "invalid asset class"),
  invalidMetadataHash: registerError(MODULE_NAME, 7, "invalid metadata hash"),
  duplicateAsset: registerError(MODULE_NAME, 8, "an asset with the same metadata hash exists", GrpcCode.ALREADY_EXISTS),
  assetNotFound: registerError(MODULE_NAME, 9, "asset not found", GrpcCode.NOT_FOUND),
  notAssetOwner: registerError(MODULE_NAME, 10, "signer is not the asset's owner", GrpcCode.PERMISSION_DENIED),
  ownerNotAttested: registerError(MODULE_NAME, 11, "owner is not attested", GrpcCode.FAILED_PRECONDITION),
  invalidAmount: registerError(MODULE_NAME, 12, "invalid amount"),
  invalidName: registerError(MODULE_NAME, 13, "invalid jurisdiction name"),
  invalidParams: registerError(MODULE_NAME, 14, "invalid params"),
  invalidTransfer: registerError(MODULE_NAME, 15, "invalid transfer"),
} as const;
