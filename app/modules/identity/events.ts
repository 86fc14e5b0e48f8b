// Typed identity events (chain.identity.EventCredentialIssued, ...), emitted through the one
// typed-event encoder (app/tx/typedEvents.ts), as the Cosmos SDK's EmitTypedEvent does.
import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  EventCredentialIssuedSchema,
  EventCredentialRevokedSchema,
  EventIssuerAddedSchema,
  EventIssuerRemovedSchema,
} from "../../../gen/chain/identity/events_pb.js";
import type { Context } from "../../context.js";
import { emitTypedEvent } from "../../tx/typedEvents.js";

export const emitIssuerAdded = (ctx: Context, issuerAddress: string, name: string) => emitTypedEvent(ctx, EventIssuerAddedSchema, { issuerAddress, name });

export const emitIssuerRemoved = (ctx: Context, issuerAddress: string) => emitTypedEvent(ctx, EventIssuerRemovedSchema, { issuerAddress });

export const emitCredentialIssued = (ctx: Context, e: MessageInitShape<typeof EventCredentialIssuedSchema>) =>
  emitTypedEvent(ctx, EventCredentialIssuedSchema, e);

export const emitCredentialRevoked = (ctx: Context, credentialId: bigint, subject: string, revokedBy: string) =>
  emitTypedEvent(ctx, EventCredentialRevokedSchema, { credentialId, subject, revokedBy });
