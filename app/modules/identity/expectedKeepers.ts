// What identity needs from the auth module, and nothing more: an account's on-chain public key,
// for the verification method of its DID document. The auth AccountKeeper satisfies it as is.
import type { KeyAlgo } from "../../../sdk/signer.js";
import type { KVReader } from "../../store/types.js";

export interface IdentityAccountKeeper {
  /** The account at `address`, read from the auth module's namespace `authStore`; pubKey is set by its first signed tx. */
  getAccount(authStore: KVReader, address: Uint8Array): { pubKey?: { algo: KeyAlgo; key: Uint8Array } } | undefined;
}
