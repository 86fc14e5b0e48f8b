// cosmos.evidence.v1beta1.Msg/SubmitEvidence. Double signs reach the chain from CometBFT, which
// checks the signatures; a submitted Equivocation carries none, so the SDK's default app routes it
// nowhere and this chain does the same: a well-formed one is refused with "unregistered handler"
// (or "already exists" when that evidence was handled), and nothing changes.
import { MsgSubmitEvidenceResponseSchema, MsgSubmitEvidenceSchema } from "../../../gen/cosmos/evidence/v1beta1/tx_pb.js";
import { parseAccAddress } from "../../../common/address.js";
import { sdkErrors } from "../../../common/errors.js";
import type { MsgHandler } from "../../tx/msgRouter.js";
import { EQUIVOCATION_TYPE_URL, equivocationHash, formatHash, unpackEquivocation, validateEquivocation } from "./equivocation.js";
import { evidenceErrors } from "./errors.js";
import type { EvidenceKeeper } from "./keeper.js";
import { MODULE_NAME } from "./keys.js";

/** The route name of an Equivocation (the SDK's Equivocation.Route). */
const EQUIVOCATION_ROUTE = "equivocation";

export function msgSubmitEvidenceHandler(keeper: EvidenceKeeper): MsgHandler<typeof MsgSubmitEvidenceSchema, typeof MsgSubmitEvidenceResponseSchema> {
  return {
    request: MsgSubmitEvidenceSchema,
    response: MsgSubmitEvidenceResponseSchema,
    module: MODULE_NAME,
    signers: (msg) => [parseAccAddress(msg.submitter, "submitter")],
    validateBasic: (msg) => {
      if (!msg.evidence) throw evidenceErrors.invalidEvidence.wrap("missing evidence");
      if (msg.evidence.typeUrl !== EQUIVOCATION_TYPE_URL)
        throw sdkErrors.unpackAny.wrap(
          `no concrete type registered for type URL ${msg.evidence.typeUrl.slice(0, 120)} against interface cosmos.evidence.v1beta1.Evidence`,
        );
      try {
        validateEquivocation(unpackEquivocation(msg.evidence));
      } catch (err) {
        throw evidenceErrors.invalidEvidence.wrap(`failed to validate evidence: ${(err as Error).message}`);
      }
    },
    handle: (ctx, msg) => {
      const hash = equivocationHash(unpackEquivocation(msg.evidence!));
      if (keeper.hasEvidence(ctx.store, hash)) throw evidenceErrors.evidenceExists.wrap(formatHash(hash));
      throw evidenceErrors.noEvidenceHandlerExists.wrap(EQUIVOCATION_ROUTE);
    },
  };
}
