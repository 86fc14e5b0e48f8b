// Export then import, as the Cosmos SDK's import/export simulation does, for the modules that can
// export their state (registry and taxrail): the genesis exported from a state the transactions
// built must import into a fresh store and reproduce that state's keys byte for byte. Returns what
// is broken.
import { moduleReader } from "../../../app/store/prefixStore.js";
import type { StateReader } from "../../../app/store/types.js";
import { exportRegistryGenesis, initRegistryGenesis } from "../../../app/modules/registry/genesis.js";
import { MODULE_NAME as REGISTRY } from "../../../app/modules/registry/keys.js";
import { Harness } from "../../../app/modules/registry/testHarness.js";
import { exportTaxrailGenesis, initTaxrailGenesis } from "../../../app/modules/taxrail/genesis.js";
import { MODULE_NAME as TAXRAIL } from "../../../app/modules/taxrail/keys.js";

const dump = (state: StateReader, module: string) =>
  [...moduleReader(state, module).iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);

export function registryTaxrailGenesisRoundTrip(state: StateReader): string[] {
  // The keepers hold no state; the fresh harness credits the taxrail account as bank's genesis would.
  const probe = new Harness();
  const exported = JSON.parse(JSON.stringify({ registry: exportRegistryGenesis(state, probe.registry), taxrail: exportTaxrailGenesis(state, probe.taxrail) }));
  const held = probe.taxrail.moduleAccountBalance(state);
  probe.close();
  if (held.some((c) => c.denom !== "uunit")) return [`the taxrail account holds ${held.map((c) => c.denom).join(", ")}, which this check cannot credit`];
  const fresh = new Harness(held.length > 0 ? [{ address: probe.taxAccount, amount: held[0]!.amount }] : []);
  try {
    const broken: string[] = [];
    for (const [module, init] of [
      [REGISTRY, () => initRegistryGenesis(fresh.ctx(), fresh.registry, exported.registry)],
      [TAXRAIL, () => initTaxrailGenesis(fresh.ctx(), fresh.taxrail, exported.taxrail)],
    ] as const) {
      try {
        init();
      } catch (err) {
        broken.push(`${module}: the exported genesis does not import: ${(err as Error).message}`);
        continue;
      }
      const [before, after] = [dump(state, module), dump(fresh.branch, module)];
      const differ = before.length !== after.length || before.some((entry, i) => entry !== after[i]);
      if (differ) broken.push(`${module}: export then import gives ${after.length} keys differing from the ${before.length} exported`);
    }
    return broken;
  } finally {
    fresh.close();
  }
}
