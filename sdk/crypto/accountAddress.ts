// Account addresses as users type them: one 20-byte address is both `unit1...` and `0x...`, and
// every place that takes an account (CLI flags, the faucet) accepts either form.
import { decodeBech32, encodeBech32 } from "./bech32.js";
import { AddressError } from "./errors.js";
import { formatHexAddress, parseHexAddress } from "./hexAddress.js";
import { BECH32_PREFIX_ACCOUNT, BECH32_PREFIX_VALIDATOR } from "./prefixes.js";

/**
 * The 20 bytes of an account address given as `unit1...` or `0x...` (surrounding whitespace is
 * ignored). Throws AddressError with a specific reason.
 */
export function parseAccountAddress(address: string): Uint8Array {
  const trimmed = address.trim();
  if (/^0x/i.test(trimmed)) return parseHexAddress(trimmed);
  // Never a bech32 address; almost surely a 0x address that lost its prefix.
  if (/^[0-9a-fA-F]{40}$/.test(trimmed)) throw new AddressError(`invalid address "${trimmed}": an EVM address starts with 0x (0x${trimmed})`);
  return decodeBech32(trimmed, { prefix: BECH32_PREFIX_ACCOUNT });
}

/** `unit1...` form of a 20-byte account address. */
export function formatAccountAddress(address: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_ACCOUNT, address);
}

/** `unitvaloper1...` form: the validator operated by this account. */
export function formatValidatorAddress(address: Uint8Array): string {
  return encodeBech32(BECH32_PREFIX_VALIDATOR, address);
}

/**
 * The EIP-55 `0x...` form of an account given as `unit1...` or `0x...`: what EVM tools expect.
 * @example toHexAddress("unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc") // "0x7b5Fe22B5446f7C62Ea27B8BD71CeF94e03f3dF2"
 */
export function toHexAddress(address: string): string {
  return formatHexAddress(parseAccountAddress(address));
}

/**
 * The `unit1...` form of an account given as `0x...` or `unit1...`: what Cosmos messages carry.
 * @example toBech32Address("0x7b5fe22b5446f7c62ea27b8bd71cef94e03f3df2") // "unit10d07y265gmmuvt4z0w9aw880jnsr700jj6dgqc"
 */
export function toBech32Address(address: string): string {
  return formatAccountAddress(parseAccountAddress(address));
}

/** Both display forms of one account address. */
export function accountAddressForms(address: Uint8Array): { bech32: string; hex: string } {
  return { bech32: formatAccountAddress(address), hex: formatHexAddress(address) };
}
