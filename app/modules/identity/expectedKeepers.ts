// What identity needs from the auth module, and nothing more: an account's on-chain public key,
// for the verification method of its DID document. The auth AccountKeeper satisfies it as is.
import type { KeyAlgo } from "../../../sdk/signer.js";
import type { StateReader } from "../../store/types.js";

export interface IdentityAccountKeeper {
  /** The account at `address`; pubKey is set by its first signed tx. */
  getAccount(state: StateReader, address: Uint8Array): { pubKey?: { algo: KeyAlgo; key: Uint8Array } } | undefined;
}
