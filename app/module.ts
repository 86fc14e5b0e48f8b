// The shape every module has towards the app. The app calls these hooks in the one explicit order
// of `app/modules.ts`.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ValidatorUpdateSchema } from "../gen/tendermint/abci/types_pb.js";
import type { Context } from "./context.js";

export type ValidatorUpdate = MessageInitShape<typeof ValidatorUpdateSchema>;

export interface AppModule {
  /** Unique, lower-case, no '/': also the module's store namespace and its genesis key. */
  readonly name: string;
  /** The module's genesis state when the genesis file has none for it. */
  defaultGenesis?(): unknown;
  /** Validates and writes the module's genesis state; throws with a clear message on bad input. */
  initGenesis?(ctx: Context, genesis: unknown): void;
  beginBlock?(ctx: Context): void;
  /** May return validator set changes for CometBFT. */
  endBlock?(ctx: Context): ValidatorUpdate[] | void;
}

/** Checks that module names are well-formed and unique; returns the list unchanged. */
export function validateModuleList(modules: readonly AppModule[]): readonly AppModule[] {
  const seen = new Set<string>();
  for (const m of modules) {
    if (!/^[a-z][a-z0-9_]*$/.test(m.name)) throw new Error(`invalid module name "${m.name}"`);
    if (seen.has(m.name)) throw new Error(`module "${m.name}" registered twice`);
    seen.add(m.name);
  }
  return modules;
}
