// Message types the chain executes, by type URL. Each module registers its messages here at
// start-up; a type URL registered twice is a wiring bug and throws.
import { fromBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import type { Context } from "../context.js";
import { sdkErrors } from "../../common/errors.js";

export interface MsgHandler<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> {
  request: I;
  response: O;
  /** Addresses (20 bytes) that must sign; parses and validates the address strings. */
  signers(msg: MessageShape<I>): Uint8Array[];
  /** Checks that need no state (CheckTx and delivery both run them before the ante handler). */
  validateBasic?(msg: MessageShape<I>): void;
  /** Executes the message; throws an AppError to fail the tx. */
  handle(ctx: Context, msg: MessageShape<I>): MessageInitShape<O>;
  /** The module whose handler this is, for the `message.module` event attribute. */
  module: string;
}

export interface DecodedMsg {
  typeUrl: string;
  msg: MessageShape<DescMessage>;
  handler: MsgHandler;
}

export class MsgRouter {
  private readonly handlers = new Map<string, MsgHandler>();

  register<I extends DescMessage, O extends DescMessage>(handler: MsgHandler<I, O>): void {
    const typeUrl = `/${handler.request.typeName}`;
    if (this.handlers.has(typeUrl)) throw new Error(`message type ${typeUrl} registered twice`);
    this.handlers.set(typeUrl, handler as unknown as MsgHandler);
  }

  has(typeUrl: string): boolean {
    return this.handlers.has(typeUrl);
  }

  /** The registered Msg types, sorted by type URL. */
  schemas(): DescMessage[] {
    return this.typeUrls().map((url) => this.handlers.get(url)!.request);
  }

  /** Type URLs in sorted order: for docs and tests. */
  typeUrls(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /** Resolves and decodes one message of a tx body; unknown types are a decode error, as in the SDK. */
  decode(any: Any): DecodedMsg {
    const handler = this.handlers.get(any.typeUrl);
    if (!handler) throw sdkErrors.txDecode.wrap(`unable to resolve type URL ${any.typeUrl.slice(0, 200)}`);
    let msg: MessageShape<DescMessage>;
    try {
      msg = fromBinary(handler.request, any.value);
    } catch (err) {
      throw sdkErrors.txDecode.wrap(`cannot decode ${any.typeUrl}: ${(err as Error).message}`);
    }
    rejectUnknownFields(msg, any.typeUrl);
    return { typeUrl: any.typeUrl, msg, handler };
  }
}

/**
 * Unknown fields would be signed over but ignored, so a signer could be shown one thing and the
 * chain execute another; like the SDK, a tx carrying them is rejected.
 */
export function rejectUnknownFields(msg: { $unknown?: unknown[] }, where: string): void {
  if (msg.$unknown && msg.$unknown.length > 0) throw sdkErrors.txDecode.wrap(`${where} has unknown fields`);
  for (const value of Object.values(msg)) checkNested(value, where);
}

/** Descends into message fields, repeated fields, oneofs (`{case, value}`) and map values. */
function checkNested(value: unknown, where: string): void {
  if (!value || typeof value !== "object" || value instanceof Uint8Array) return;
  if ("$typeName" in value) return rejectUnknownFields(value as { $unknown?: unknown[] }, where);
  if (Array.isArray(value)) {
    for (const v of value) checkNested(v, where);
    return;
  }
  for (const v of Object.values(value)) checkNested(v, where);
}
