// Message types the chain executes, by type URL. Each module registers its messages here at
// start-up; a type URL registered twice is a wiring bug and throws.
//
// One path for every message, whether a tx carries it or a passed proposal runs it: `decode`
// parses it, and its signers once on first use; `executeMsg` runs its stateless checks (once per decoding, so a
// tx's message checked by the ante handler is not checked again) and then its handler. Handlers
// need not repeat validateBasic's checks.
import { fromBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import type { Context } from "../context.js";
import { sdkErrors } from "../../common/errors.js";

export interface MsgHandler<I extends DescMessage = DescMessage, O extends DescMessage = DescMessage> {
  request: I;
  response: O;
  /** Addresses (20 bytes) that must sign; parses and validates the address strings. Called once, at decoding. */
  signers(msg: MessageShape<I>): Uint8Array[];
  /** Checks that need no state (CheckTx runs them in the ante handler, before any fee is taken). */
  validateBasic?(msg: MessageShape<I>): void;
  /**
   * Executes the message, which validateBasic has accepted; `signers` are those `signers` parsed.
   * Throws an AppError to fail the tx.
   */
  handle(ctx: Context, msg: MessageShape<I>, signers: readonly Uint8Array[]): MessageInitShape<O>;
  /** The module whose handler this is, for the `message.module` event attribute. */
  module: string;
  /**
   * The message read by hand when its bytes are in the shape clients write (commonTxShape.ts):
   * exactly what protobuf-es reads, with no unknown fields; undefined sends them to protobuf-es.
   */
  readCommon?(bytes: Uint8Array): MessageShape<I> | undefined;
}

export interface DecodedMsg {
  typeUrl: string;
  msg: MessageShape<DescMessage>;
  handler: MsgHandler;
  /**
   * The addresses that must sign it. Parsed on first use and kept: a malformed address fails where
   * the ante handler asks for the signers (after the messages' stateless checks, as in the SDK),
   * not at decoding, so a tx's code and gas_wanted do not depend on when it was decoded.
   */
  readonly signers: readonly Uint8Array[];
}

/**
 * A decoded message whose signers `handler` parses on first use, and whose stateless checks run
 * once. A class, not an object literal with a getter: a decoded tx stays in the decode cache
 * until its block runs it, and a literal's own getter closure and accessor cost ~600 bytes per
 * message there, each one copied by the young-generation collector before it is promoted.
 */
class ParsedMsg implements DecodedMsg {
  private parsedSigners: readonly Uint8Array[] | undefined;
  private checked = false;

  constructor(
    readonly typeUrl: string,
    readonly msg: MessageShape<DescMessage>,
    readonly handler: MsgHandler,
  ) {}

  get signers(): readonly Uint8Array[] {
    return (this.parsedSigners ??= this.handler.signers(this.msg));
  }

  validateOnce(): void {
    if (this.checked) return;
    this.handler.validateBasic?.(this.msg);
    this.checked = true;
  }
}

/** The message's stateless checks; a decoded message that passed them is not checked again. */
export function validateMsg(decoded: DecodedMsg): void {
  if (decoded instanceof ParsedMsg) decoded.validateOnce();
  else decoded.handler.validateBasic?.(decoded.msg);
}

/** A message parsed elsewhere (tests, tools) as `decode` would return it, signers parsed. */
export function decodedMsg<I extends DescMessage>(handler: MsgHandler<I>, msg: MessageShape<I>): DecodedMsg {
  return new ParsedMsg(`/${handler.request.typeName}`, msg, handler as unknown as MsgHandler);
}

/** The one way a message runs, from a tx or from a passed proposal: its checks, then its handler. */
export function executeMsg(ctx: Context, decoded: DecodedMsg): MessageInitShape<DescMessage> {
  validateMsg(decoded);
  return decoded.handler.handle(ctx, decoded.msg, decoded.signers);
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

  /** The handler registered for `typeUrl`, if any. */
  handler(typeUrl: string): MsgHandler | undefined {
    return this.handlers.get(typeUrl);
  }

  /** The registered Msg types, sorted by type URL. */
  schemas(): DescMessage[] {
    return this.typeUrls().map((url) => this.handlers.get(url)!.request);
  }

  /** Type URLs in sorted order: for docs and tests. */
  typeUrls(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /**
   * Resolves and decodes one message of a tx body or proposal; unknown types are a decode error,
   * as in the SDK.
   */
  decode(any: Any): DecodedMsg {
    const handler = this.handlers.get(any.typeUrl);
    if (!handler) throw sdkErrors.txDecode.wrap(`unable to resolve type URL ${any.typeUrl.slice(0, 200)}`);
    const common = handler.readCommon?.(any.value);
    if (common) return new ParsedMsg(any.typeUrl, common, handler);
    let msg: MessageShape<DescMessage>;
    try {
      msg = fromBinary(handler.request, any.value);
    } catch (err) {
      throw sdkErrors.txDecode.wrap(`cannot decode ${any.typeUrl}: ${(err as Error).message}`);
    }
    rejectUnknownFields(msg, any.typeUrl);
    return new ParsedMsg(any.typeUrl, msg, handler);
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
