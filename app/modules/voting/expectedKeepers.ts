// What voting needs from the identity module, and nothing more: whether an account holds a valid
// credential of a type. The identity IdentityKeeper satisfies it as is (app/modules.ts wires it).
import type { StateReader } from "../../store/types.js";

export interface VotingIdentityKeeper {
  /** True when `address` holds an ACTIVE (unrevoked) credential of `credentialType` from an issuer authorized now. */
  hasValidCredential(state: StateReader, address: Uint8Array, credentialType: string): boolean;
}
