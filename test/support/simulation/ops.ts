// What the simulation's operation generators share: the planned tx, what a generator may use of the
// engine (its PRNG, the signing accounts, the time of the block being planned), the roles the
// accounts hold, and reading a committed tx's msg responses and events. The roles are fixed for a
// whole run (governance only ever hands a role to an account of that role's pool), so a tx signed by
// an account outside the pool fails whatever the state: those are the `mustFail` variants.
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { anyUnpack, type Any } from "@bufbuild/protobuf/wkt";
import { TxMsgDataSchema } from "../../../gen/cosmos/base/abci/v1beta1/abci_pb.js";

export interface Planned {
  kind: string;
  tx: Uint8Array;
  /** Set when the tx is invalid by construction: the block must report it failed. */
  mustFail?: boolean;
  /** Runs after the block when the tx succeeded, in tx order: the generators' models follow the chain. */
  onOk?: (result: CommittedTx) => void;
}

/** The parts of a successful tx's ExecTxResult the models read. */
export interface CommittedTx {
  data?: Uint8Array;
}

/** One ABCI event with its attributes by key (typed events carry proto-JSON values). */
export interface SimEvent {
  type: string;
  attributes: Record<string, string>;
}

/** Account indexes by role (the engine signs for 8 accounts). */
export const ROLES = {
  /** Identity issuers from genesis; account 0 also runs the only validator. */
  issuers: [0, 1],
  /** The only accounts ever made a jurisdiction's authority (genesis and gov proposals). */
  jurisdictionAuthorities: [2, 3],
  /** The only accounts ever made electoral authorities. */
  electoralAuthorities: [4, 5],
  /** Never given any role. */
  nobody: [6, 7],
} as const;

export interface OpContext {
  seed: number;
  int(n: number): number;
  pick<T>(list: readonly T[]): T;
  /** bech32 of the 8 signing accounts. */
  addrs: readonly string[];
  /** Addresses nobody holds a key for. */
  strangers: readonly string[];
  /** Height and time (ms) of the block being planned. */
  height: number;
  timeMs: number;
  /** Signs for account `i` with its next sequence, using it up. */
  cosmosTx(i: number, messages: Any[]): Promise<Uint8Array>;
  /** Signs for account `i` without using up its sequence: for a tx refused before the ante increments it (validateBasic). */
  refusedTx(i: number, messages: Any[]): Promise<Uint8Array>;
  /** A fresh "0x" + 64 hex digest, unique in the run. */
  freshHash(label: string): string;
}

/**
 * Whether an operation takes one of its invalid variants: a quarter of the time, and always when
 * the model knows of no valid one (nothing registered yet, no open election, ...).
 */
export function takesInvalid(c: OpContext, validPossible: boolean): boolean {
  return c.int(4) === 0 || !validPossible;
}

/** The first msg response of a committed tx, unpacked; throws when it is not of `schema` (the model would drift). */
export function firstResponse<D extends DescMessage>(result: CommittedTx, schema: D): MessageShape<D> {
  const any = fromBinary(TxMsgDataSchema, result.data ?? new Uint8Array()).msgResponses[0];
  const msg = any && anyUnpack(any, schema);
  if (!msg) throw new Error(`a committed tx has no ${schema.typeName} response`);
  return msg;
}

/** A typed event's attribute: proto-JSON text ("\"3\"" for a uint64, "\"unit1...\"" for a string). */
export function typedAttr(e: SimEvent, key: string): string {
  const raw = e.attributes[key];
  if (raw === undefined) throw new Error(`event ${e.type} has no attribute ${key}`);
  return JSON.parse(raw) as string;
}
