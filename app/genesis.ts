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
