// chain.identity.Query over committed state (REST: /vendor/chain/identity/...).
import { Query } from "../../../gen/chain/identity/query_pb.js";
import { PUBKEY_TYPE_URL } from "../../../sdk/signer.js";
import { type QueryServices } from "../../query/service.js";
import { addressArg } from "../../../common/grpc/addressArg.js";
import { notFound } from "../../../common/grpc/queryError.js";
import type { StateReader } from "../../store/types.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import type { IdentityKeeper } from "./keeper.js";

export const DID_METHOD_PREFIX = "did:unit:";
/** The W3C verification method type for a secp256k1 key, whichever digest the account signs with. */
export const VERIFICATION_METHOD_TYPE = "EcdsaSecp256k1VerificationKey2019";

/** The DID document of an account, from on-chain data only; undefined when the chain knows nothing of it. */
function didDocument(keeper: IdentityKeeper, state: StateReader, address: Uint8Array) {
  const pubKey = keeper.publicKey(state, address);
  const credentialIds = keeper.activeCredentialsOf(state, address).map((c) => c.id);
  if (!pubKey && credentialIds.length === 0) return undefined;
  const did = `${DID_METHOD_PREFIX}${accAddressToString(address)}`;
  const methods = pubKey
    ? [
        {
          id: `${did}#key-1`,
          type: VERIFICATION_METHOD_TYPE,
          controller: did,
          publicKeyHex: Buffer.from(pubKey.key).toString("hex"),
          keyTypeUrl: PUBKEY_TYPE_URL[pubKey.algo],
        },
      ]
    : [];
  return { id: did, controller: did, verificationMethod: methods, authentication: methods.map((m) => m.id), credentialIds };
}

export function registerIdentityQueries(services: QueryServices, keeper: IdentityKeeper): void {
  services.register(Query, {
    params: (_req, { state }) => ({ params: keeper.getParams(state) }),
    did: (req, { state }) => {
      const doc = didDocument(keeper, state, addressArg(req.address));
      if (!doc) throw notFound(`no DID for ${req.address}: the account has no public key and no active credential`);
      return { didDocument: doc };
    },
    credential: (req, { state }) => {
      const credential = keeper.getCredential(state, req.id);
      if (!credential) throw notFound(`credential ${req.id} not found`);
      return { credential, issuerAuthorized: keeper.isAuthorizedIssuer(state, parseAccAddress(credential.issuer)) };
    },
    issuers: (req, { state }) => {
      const page = keeper.issuersPage(state, req.pagination);
      // The spec's answer to a plain GET shows `"pagination": null`: left out when the client asked
      // for no page and got everything; any paged request gets the standard PageResponse.
      const complete = !req.pagination && page.pagination.nextKey?.length === 0;
      return { issuers: page.items, ...(complete ? {} : { pagination: page.pagination }) };
    },
    tier: (req, { state }) => {
      const address = addressArg(req.address);
      return { tier: keeper.tier(state, address), roleMetadata: keeper.roleMetadata(state, address) };
    },
  });
}
