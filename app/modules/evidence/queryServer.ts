// cosmos.evidence.v1beta1.Query over committed state, with the SDK's answers and error texts.
import { Query } from "../../../gen/cosmos/evidence/v1beta1/query_pb.js";
import { invalidArgument, notFound } from "../../../common/grpc/queryError.js";
import type { QueryServices } from "../../query/service.js";
import { formatHash } from "./equivocation.js";
import type { EvidenceKeeper } from "./keeper.js";

const HASH_BYTES = 32;

/** The hash asked for: `hash` in hex (either case), else the deprecated `evidence_hash` bytes. */
function hashArg(hash: string, legacy: Uint8Array): Uint8Array {
  if (hash === "" && legacy.length === 0) throw invalidArgument("invalid request; hash is empty");
  if (hash === "") return legacy;
  if (!/^([0-9a-fA-F]{2})+$/.test(hash)) throw invalidArgument(`invalid evidence hash: ${hash.slice(0, 80)} is not hex`);
  return Buffer.from(hash, "hex");
}

export function registerEvidenceQueries(services: QueryServices, keeper: EvidenceKeeper): void {
  services.register(Query, {
    evidence: (req, { state }) => {
      const hash = hashArg(req.hash, req.evidenceHash);
      const evidence = hash.length === HASH_BYTES ? keeper.getEvidence(state, hash) : undefined;
      if (!evidence) throw notFound(`evidence ${formatHash(hash).slice(0, 80)} not found`);
      return { evidence };
    },
    allEvidence: (req, { state }) => {
      const page = keeper.evidencePage(state, req.pagination);
      return { evidence: page.items, pagination: page.pagination };
    },
  });
}
