// Code put at an address outside the VM (genesis accounts, the EIP-2935 history contract),
// content-addressed by its keccak256 as the state manager stores what the VM deploys.
import { keccak256 } from "../../../../sdk/crypto/hashes.js";
import type { KVStore } from "../../../store/types.js";
import { codeHashKey, codeKey } from "./keys.js";

/** Stores `code` under its hash and points `address` at it. */
export function putContractCode(evmStore: KVStore, address: Uint8Array, code: Uint8Array): void {
  const hash = keccak256(code);
  evmStore.set(codeKey(hash), code);
  evmStore.set(codeHashKey(address), hash);
}
