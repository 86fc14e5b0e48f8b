// The app's default genesis state: each module's defaults, keyed by module name.
import type { AppModule } from "./module.js";

export function defaultAppState(modules: readonly AppModule[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const m of modules) {
    const genesis = m.defaultGenesis?.();
    if (genesis !== undefined) state[m.name] = genesis;
  }
  return state;
}

export interface GenesisBalance {
  address: string;
  coins: { denom: string; amount: string }[];
}

/** Adds balances to a bank genesis section (accounts are created for them at InitChain). */
export function withGenesisBalances(appState: Record<string, unknown>, balances: readonly GenesisBalance[]): Record<string, unknown> {
  const bank = { ...((appState.bank as Record<string, unknown> | undefined) ?? {}) };
  bank.balances = [...((bank.balances as GenesisBalance[] | undefined) ?? []), ...balances];
  return { ...appState, bank };
}
