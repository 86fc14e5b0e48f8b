// Every custom module's queries as one CosmJS query extension:
// `QueryClient.withExtensions(cometClient, setupUnitExtensions)` gives client.identity, .registry, ...
import type { AbciQueryClient } from "./abciService.js";
import { setupEvmExtension, type EvmExtension } from "./evmAbci.js";
import { setupIdentityExtension, type IdentityExtension } from "./identityAbci.js";
import { setupPrecisebankExtension, type PrecisebankExtension } from "./precisebankAbci.js";
import { setupRegistryExtension, type RegistryExtension } from "./registryAbci.js";
import { setupTaxrailExtension, type TaxrailExtension } from "./taxrailAbci.js";
import { setupVotingExtension, type VotingExtension } from "./votingAbci.js";

export type UnitExtensions = IdentityExtension & RegistryExtension & TaxrailExtension & VotingExtension & PrecisebankExtension & EvmExtension;

/**
 * @example
 * const q = QueryClient.withExtensions(await connectComet("http://127.0.0.1:26657"), setupUnitExtensions);
 * const { tier } = await q.identity.tier({ address: "unit1..." });
 */
export function setupUnitExtensions(base: AbciQueryClient): UnitExtensions {
  return {
    ...setupIdentityExtension(base),
    ...setupRegistryExtension(base),
    ...setupTaxrailExtension(base),
    ...setupVotingExtension(base),
    ...setupPrecisebankExtension(base),
    ...setupEvmExtension(base),
  };
}
