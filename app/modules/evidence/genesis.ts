// Evidence genesis in the SDK's JSON shape (cosmos.evidence.v1beta1.GenesisState): handled
// evidence, each an Any with "@type". Each must be a valid Equivocation and appear once.
import { create, createRegistry, fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { EquivocationSchema } from "../../../gen/cosmos/evidence/v1beta1/evidence_pb.js";
import { GenesisStateSchema } from "../../../gen/cosmos/evidence/v1beta1/genesis_pb.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { equivocationHash, formatHash, packEquivocation, unpackEquivocation, validateEquivocation } from "./equivocation.js";
import type { EvidenceKeeper } from "./keeper.js";

const registry = createRegistry(EquivocationSchema);

export function defaultEvidenceGenesis(): unknown {
  return { evidence: [] };
}

export function initEvidenceGenesis(ctx: Context, keeper: EvidenceKeeper, raw: unknown): void {
  let g;
  try {
    g = fromJson(GenesisStateSchema, raw as JsonValue, { registry });
  } catch (err) {
    throw new Error(`evidence genesis: ${(err as Error).message}`);
  }
  for (const [i, any] of g.evidence.entries()) {
    try {
      // protobuf-es reads "@type" into a type.googleapis.com/ URL; Cosmos type URLs are "/" + the name.
      const e = unpackEquivocation({ ...any, typeUrl: `/${any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1)}` });
      validateEquivocation(e);
      const hash = equivocationHash(e);
      if (keeper.hasEvidence(ctx.store, hash)) throw new Error(`evidence ${formatHash(hash)} is listed twice`);
      // Re-packed, so the stored bytes are the canonical encoding the hash was taken of.
      keeper.setEvidence(ctx, hash, packEquivocation(e));
    } catch (err) {
      throw new Error(`evidence genesis evidence[${i}]: ${(err as Error).message}`);
    }
  }
}

/** Handled evidence in `state`, ascending by hash (the SDK's ExportGenesis). */
export function exportEvidenceGenesis(state: StateReader, keeper: EvidenceKeeper): JsonValue {
  return toJson(GenesisStateSchema, create(GenesisStateSchema, { evidence: keeper.allEvidence(state) }), {
    registry,
    useProtoFieldName: true,
    alwaysEmitImplicit: true,
  });
}
