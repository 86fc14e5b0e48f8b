// The only code that reads or writes the evidence module's keys: handled evidence by hash. It also
// holds the keepers the double-sign handler asks (infraction.ts), as the SDK's evidence keeper does.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema, type Any } from "@bufbuild/protobuf/wkt";
import type { Context } from "../../context.js";
import { paginate, type Page, type PageRequest } from "../../query/pagination.js";
import { getMessage } from "../../store/messages.js";
import type { StateReader } from "../../store/types.js";
import { StoreKey } from "../../storeKey.js";
import type { EvidenceConsensusParams, EvidenceSlashingKeeper, EvidenceStakingKeeper } from "./expectedKeepers.js";
import { EVIDENCE_PREFIX, evidenceKey, MODULE_NAME } from "./keys.js";

export class EvidenceKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  constructor(
    readonly staking: EvidenceStakingKeeper,
    readonly slashing: EvidenceSlashingKeeper,
    readonly consensus: EvidenceConsensusParams,
  ) {}

  getEvidence(state: StateReader, hash: Uint8Array): Any | undefined {
    return getMessage(this.key.read(state), evidenceKey(hash), AnySchema);
  }

  hasEvidence(state: StateReader, hash: Uint8Array): boolean {
    return this.key.read(state).has(evidenceKey(hash));
  }

  setEvidence(ctx: Context, hash: Uint8Array, evidence: Any): void {
    this.key.write(ctx).set(evidenceKey(hash), toBinary(AnySchema, evidence));
  }

  /** Every piece of evidence, ascending by hash. */
  allEvidence(state: StateReader): Any[] {
    return [...this.key.read(state).prefixIterator(EVIDENCE_PREFIX)].map(({ value }) => fromBinary(AnySchema, value));
  }

  /** A page of evidence, ascending by hash. */
  evidencePage(state: StateReader, req: PageRequest | undefined): Page<Any> {
    return paginate(this.key.read(state), EVIDENCE_PREFIX, req, (_key, value) => fromBinary(AnySchema, value));
  }
}
