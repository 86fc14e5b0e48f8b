// The ABCI result codes for the restore's verdicts (restore.ts speaks in meanings, not numbers).
import { ResponseApplySnapshotChunk_Result as Apply, ResponseOfferSnapshot_Result as Offer } from "../../gen/tendermint/abci/types_pb.js";
import type { ApplyVerdict, OfferVerdict } from "./restore.js";

const OFFER: Record<OfferVerdict, Offer> = { accept: Offer.ACCEPT, reject: Offer.REJECT, rejectFormat: Offer.REJECT_FORMAT, abort: Offer.ABORT };
const APPLY: Record<ApplyVerdict, Apply> = { accept: Apply.ACCEPT, retry: Apply.RETRY, rejectSnapshot: Apply.REJECT_SNAPSHOT, abort: Apply.ABORT };

export const offerResult = (v: OfferVerdict): Offer => OFFER[v];
export const applyResult = (v: ApplyVerdict): Apply => APPLY[v];
