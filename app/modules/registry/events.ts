// Typed registry events (chain.registry.EventAssetRegistered, ...), one per state change, emitted
// through the one typed-event encoder (app/tx/typedEvents.ts), as the Cosmos SDK's EmitTypedEvent.
import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  EventAssetRegisteredSchema,
  EventAssetTransferredSchema,
  EventJurisdictionAuthorityRemovedSchema,
  EventJurisdictionAuthoritySetSchema,
  EventParamsUpdatedSchema,
} from "../../../gen/chain/registry/events_pb.js";
import type { Params } from "../../../gen/chain/registry/registry_pb.js";
import type { Context } from "../../context.js";
import { emitTypedEvent } from "../../tx/typedEvents.js";

export const emitJurisdictionAuthoritySet = (ctx: Context, e: MessageInitShape<typeof EventJurisdictionAuthoritySetSchema>) =>
  emitTypedEvent(ctx, EventJurisdictionAuthoritySetSchema, e);

export const emitJurisdictionAuthorityRemoved = (ctx: Context, jurisdictionCode: string, authority: string) =>
  emitTypedEvent(ctx, EventJurisdictionAuthorityRemovedSchema, { jurisdictionCode, authority });

export const emitAssetRegistered = (ctx: Context, e: MessageInitShape<typeof EventAssetRegisteredSchema>) => emitTypedEvent(ctx, EventAssetRegisteredSchema, e);

export const emitAssetTransferred = (ctx: Context, e: MessageInitShape<typeof EventAssetTransferredSchema>) =>
  emitTypedEvent(ctx, EventAssetTransferredSchema, e);

export const emitParamsUpdated = (ctx: Context, params: Params) => emitTypedEvent(ctx, EventParamsUpdatedSchema, { params });
