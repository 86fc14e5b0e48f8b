// Running a genesis for real without keeping anything: every module's initGenesis, in the app's
// order, on a throwaway in-memory store (as the SDK's validate-genesis runs each module's
// ValidateGenesis, but here the very code InitChain runs, gentxs included). Errors name the module.
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { pino } from "pino";
import { Context } from "../../context.js";
import type { ValidatorUpdate } from "../../module.js";
import { wireApp } from "../../modules.js";
import { openStore } from "../../store/index.js";
import type { GenesisDoc } from "../../../cometbft/genesis.js";

export interface GenesisRun {
  /** The validators InitChain would hand CometBFT. */
  validators: ValidatorUpdate[];
}

export class GenesisError extends Error {
  constructor(
    readonly module: string,
    message: string,
  ) {
    super(`module ${module}: ${message}`);
    this.name = "GenesisError";
  }
}

export function runGenesis(doc: GenesisDoc): GenesisRun {
  const state = doc.app_state ?? {};
  if (typeof state !== "object" || state === null || Array.isArray(state))
    throw new GenesisError("app", "app_state must be a JSON object keyed by module name");
  const { modules } = wireApp();
  const sections = state as Record<string, unknown>;
  const unknown = Object.keys(sections)
    .filter((name) => !modules.some((m) => m.name === name))
    .sort();
  if (unknown.length > 0) throw new GenesisError(unknown[0]!, `no module of this chain reads the app_state section "${unknown.join('", "')}"`);
  const store = openStore(":memory:");
  try {
    const time = new Date(doc.genesis_time);
    if (Number.isNaN(time.getTime())) throw new GenesisError("app", `genesis_time "${doc.genesis_time}" is not a time`);
    const header = { chainId: doc.chain_id, height: 0n, time: timestampFromDate(time), hash: new Uint8Array(), proposerAddress: new Uint8Array() };
    const ctx = new Context(header, store.begin(), pino({ level: "silent" }));
    const validators: ValidatorUpdate[] = [];
    for (const m of modules) {
      const genesis = sections[m.name] ?? m.defaultGenesis?.();
      if (genesis === undefined) continue;
      try {
        validators.push(...(m.initGenesis?.(ctx, genesis) ?? []));
      } catch (err) {
        throw new GenesisError(m.name, (err as Error).message);
      }
    }
    return { validators };
  } finally {
    store.close();
  }
}
