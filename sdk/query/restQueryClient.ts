// Every custom module's queries over the REST gateway, from one base URL.
import { evmRestClient, type EvmRestClient } from "./evmRest.js";
import { identityRestClient, type IdentityRestClient } from "./identityRest.js";
import { precisebankRestClient, type PrecisebankRestClient } from "./precisebankRest.js";
import { registryRestClient, type RegistryRestClient } from "./registryRest.js";
import { RestTransport, type RestTransportOptions } from "./restTransport.js";
import { taxrailRestClient, type TaxrailRestClient } from "./taxrailRest.js";
import { votingRestClient, type VotingRestClient } from "./votingRest.js";

export interface RestQueryClient {
  /** The transport underneath: `call(method, request)` reaches any route, with the answer's height. */
  readonly transport: RestTransport;
  readonly identity: IdentityRestClient;
  readonly registry: RegistryRestClient;
  readonly taxrail: TaxrailRestClient;
  readonly voting: VotingRestClient;
  readonly precisebank: PrecisebankRestClient;
  readonly evm: EvmRestClient;
}

/**
 * Typed queries of the chain's modules over REST (the browser's way: plain GETs, CORS permitting).
 * @example
 * const q = createRestQueryClient("http://127.0.0.1:1317");
 * const { credential, issuerAuthorized } = await q.identity.credential({ id: 1n });
 * const page = await q.registry.assetHistory({ assetId: 1n, pagination: { limit: 20n } }, { height: 120 });
 */
export function createRestQueryClient(baseUrl: string, options: RestTransportOptions = {}): RestQueryClient {
  const transport = new RestTransport(baseUrl, options);
  return {
    transport,
    identity: identityRestClient(transport),
    registry: registryRestClient(transport),
    taxrail: taxrailRestClient(transport),
    voting: votingRestClient(transport),
    precisebank: precisebankRestClient(transport),
    evm: evmRestClient(transport),
  };
}
