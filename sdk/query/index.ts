// The client SDK's typed queries of the chain's own modules (identity, registry, taxrail, voting,
// precisebank, evm): over the REST gateway with fetch, or over CometBFT's ABCI query with CosmJS.
export { createRestQueryClient, type RestQueryClient } from "./restQueryClient.js";
export { RestTransport, HEIGHT_HEADER, type RestAnswer, type RestCallOptions, type RestTransportOptions } from "./restTransport.js";
export { RestQueryError, GrpcStatus } from "./restErrors.js";
export { restServiceClient, type RestMethod, type RestServiceClient } from "./restService.js";
export { getPathTemplate } from "./httpRoute.js";
export type { ServiceMethods } from "./serviceMethods.js";
export { identityRestClient, type IdentityRestClient } from "./identityRest.js";
export { registryRestClient, type RegistryRestClient } from "./registryRest.js";
export { taxrailRestClient, type TaxrailRestClient } from "./taxrailRest.js";
export { votingRestClient, type VotingRestClient } from "./votingRest.js";
export { precisebankRestClient, type PrecisebankRestClient } from "./precisebankRest.js";
export { evmRestClient, type EvmRestClient } from "./evmRest.js";
export { abciServiceClient, type AbciCallOptions, type AbciMethod, type AbciQueryClient, type AbciServiceClient } from "./abciService.js";
export { setupUnitExtensions, type UnitExtensions } from "./unitExtensions.js";
export { setupIdentityExtension, type IdentityAbciClient, type IdentityExtension } from "./identityAbci.js";
export { setupRegistryExtension, type RegistryAbciClient, type RegistryExtension } from "./registryAbci.js";
export { setupTaxrailExtension, type TaxrailAbciClient, type TaxrailExtension } from "./taxrailAbci.js";
export { setupVotingExtension, type VotingAbciClient, type VotingExtension } from "./votingAbci.js";
export { setupPrecisebankExtension, type PrecisebankAbciClient, type PrecisebankExtension } from "./precisebankAbci.js";
export { setupEvmExtension, type EvmAbciClient, type EvmExtension } from "./evmAbci.js";
