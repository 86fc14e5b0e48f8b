// The shape every module has towards the app. The app calls these hooks in the one explicit order
// of `app/modules.ts`.
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import type { ValidatorUpdateSchema } from "../gen/tendermint/abci/types_pb.js";
import type { Context } from "./context.js";
import type { QueryServices } from "./query/service.js";
import type { MsgRouter } from "./tx/msgRouter.js";
import type { StateReader } from "./store/types.js";

export type ValidatorUpdate = MessageInitShape<typeof ValidatorUpdateSchema>;

export interface AppModule {
  /** Unique, lower-case, no '/': also the module's store namespace and its genesis key. */
  readonly name: string;
  /** Registers the module's message handlers and query services; called once at start-up. */
  registerServices?(registrar: { msgs: MsgRouter; queries: QueryServices }): void;
  /**
   * Message types the module packs into an Any in state or answers (accounts, public keys),
   * besides its Msgs: server reflection describes them so clients can render those Anys.
   */
  readonly anyTypes?: readonly DescMessage[];
  /**
   * Prefixes in the module's namespace whose keys go on with the 8-byte big-endian height of the
   * block that wrote them, and that only that block writes (per-block records, receipts by
   * position): the store answers such a key of a later block absent without a lookup
   * (Store.declareBlockKeyed).
   */
  readonly blockKeyedPrefixes?: readonly Uint8Array[];
  /** The module's genesis state when the genesis file has none for it. */
  defaultGenesis?(): unknown;
  /**
   * Validates and writes the module's genesis state; throws with a clear message on bad input.
   * May return the initial validator set, which InitChain hands to CometBFT.
   */
  initGenesis?(ctx: Context, genesis: unknown): ValidatorUpdate[] | void;
  /**
   * The module's whole state at a committed height as its genesis section: what initGenesis reads
   * back into the same state (the SDK's ExportGenesis). JSON-ready: strings for 64-bit and larger
   * numbers, base64 or hex for bytes, keys in a fixed order, so export -> import -> export is stable.
   */
  exportGenesis?(state: StateReader): unknown;
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
