// Typed taxrail events (chain.taxrail.EventTaxCollected, ...), one per state change, emitted
// through the one typed-event encoder (app/tx/typedEvents.ts), as the Cosmos SDK's EmitTypedEvent.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { EventParamsUpdatedSchema, EventTaxCollectedSchema, EventTaxRuleSetSchema, EventTaxWithdrawnSchema } from "../../../gen/chain/taxrail/events_pb.js";
import type { Params } from "../../../gen/chain/taxrail/taxrail_pb.js";
import type { Context } from "../../context.js";
import { emitTypedEvent } from "../../tx/typedEvents.js";

export const emitTaxRuleSet = (ctx: Context, e: MessageInitShape<typeof EventTaxRuleSetSchema>) => emitTypedEvent(ctx, EventTaxRuleSetSchema, e);

export const emitTaxCollected = (ctx: Context, e: MessageInitShape<typeof EventTaxCollectedSchema>) => emitTypedEvent(ctx, EventTaxCollectedSchema, e);

export const emitTaxWithdrawn = (ctx: Context, e: MessageInitShape<typeof EventTaxWithdrawnSchema>) => emitTypedEvent(ctx, EventTaxWithdrawnSchema, e);

export const emitParamsUpdated = (ctx: Context, params: Params) => emitTypedEvent(ctx, EventParamsUpdatedSchema, { params });
