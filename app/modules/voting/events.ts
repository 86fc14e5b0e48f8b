// Typed voting events (chain.voting.EventVoteCast, ...), emitted through the one typed-event
// encoder (app/tx/typedEvents.ts) as the Cosmos SDK's EmitTypedEvent does, so a query such as
// `chain.voting.EventVoteCast.election_id='"1"'` matches what an SDK chain would emit.
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import {
  EventElectionCancelledSchema,
  EventElectionClosedSchema,
  EventElectionCreatedSchema,
  EventElectionOpenedSchema,
  EventElectoralAuthorityAddedSchema,
  EventElectoralAuthorityRemovedSchema,
  EventParamsUpdatedSchema,
  EventVoteCastSchema,
  EventVoterRegisteredSchema,
} from "../../../gen/chain/voting/events_pb.js";
import type { Context } from "../../context.js";
import { emitTypedEvent } from "../../tx/typedEvents.js";

type Fields<D extends DescMessage> = MessageInitShape<D>;

export const emitElectoralAuthorityAdded = (ctx: Context, address: string, name: string) =>
  emitTypedEvent(ctx, EventElectoralAuthorityAddedSchema, { address, name });
export const emitElectoralAuthorityRemoved = (ctx: Context, address: string) => emitTypedEvent(ctx, EventElectoralAuthorityRemovedSchema, { address });
export const emitElectionCreated = (ctx: Context, e: Fields<typeof EventElectionCreatedSchema>) => emitTypedEvent(ctx, EventElectionCreatedSchema, e);
export const emitElectionOpened = (ctx: Context, electionId: bigint) => emitTypedEvent(ctx, EventElectionOpenedSchema, { electionId });
export const emitElectionClosed = (ctx: Context, e: Fields<typeof EventElectionClosedSchema>) => emitTypedEvent(ctx, EventElectionClosedSchema, e);
export const emitElectionCancelled = (ctx: Context, electionId: bigint, cancelledBy: string) =>
  emitTypedEvent(ctx, EventElectionCancelledSchema, { electionId, cancelledBy });
export const emitVoterRegistered = (ctx: Context, electionId: bigint, voter: string) => emitTypedEvent(ctx, EventVoterRegisteredSchema, { electionId, voter });
export const emitVoteCast = (ctx: Context, electionId: bigint, voter: string, option: string) =>
  emitTypedEvent(ctx, EventVoteCastSchema, { electionId, voter, option });
export const emitParamsUpdated = (ctx: Context, params: Fields<typeof EventParamsUpdatedSchema>["params"]) =>
  emitTypedEvent(ctx, EventParamsUpdatedSchema, { params });
