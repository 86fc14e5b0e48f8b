// Validator operator addresses: the operator account's 20 bytes under the `unitvaloper` prefix.
// A bad address becomes the SDK's "invalid address" error naming the field.
import { decodeBech32, encodeBech32 } from "../../../sdk/crypto/bech32.js";
import { ADDRESS_LENGTH, BECH32_PREFIX_VALIDATOR } from "../../../sdk/crypto/prefixes.js";
import { sdkErrors } from "../../../common/errors.js";

export function valAddressToString(operator: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_VALIDATOR, operator);
}

/** Parses a bech32 `unitvaloper1...` address; `field` names it in the error. */
export function parseValAddress(text: string, field = "validator address"): Uint8Array {
  if (text === "") throw sdkErrors.invalidAddress.wrap(`empty ${field}`);
  try {
    return decodeBech32(text, { prefix: BECH32_PREFIX_VALIDATOR, length: ADDRESS_LENGTH });
  } catch (err) {
    throw sdkErrors.invalidAddress.wrap(`invalid ${field}: ${(err as Error).message}`);
  }
}
