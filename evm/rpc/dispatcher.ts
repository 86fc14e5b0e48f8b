// Answers JSON-RPC payloads: one request or a batch, each checked, routed by method name to its
// handler, bounded in time, and answered with a result or an error. Nothing a client sends makes
// it throw: a handler's unexpected failure becomes an internal error, logged, for that id alone.
import type { Logger } from "pino";
import { methodNotFound, RpcCode, RpcError } from "./errors.js";
import { errorResponse, parseRequest, resultResponse, type RpcRequest, type RpcResponse } from "./protocol.js";

/** Where a request came from; over WebSocket it carries the connection (subscriptions need it). */
export interface CallContext {
  connection?: RpcConnection;
  /** The remote address of the client's socket (filters count against its share of the pool). */
  remoteAddress?: string;
}

/** A WebSocket connection as methods see it: a way to push notifications, and cleanup on close. */
export interface RpcConnection {
  readonly id: number;
  notify(method: string, params: unknown): void;
  /** Runs `cleanup` when the connection closes (at once if it already has). */
  onClose(cleanup: () => void): void;
}

export type MethodHandler = (params: readonly unknown[], ctx: CallContext) => unknown;

export interface MethodSpec {
  handler: MethodHandler;
  /** Most positional params the method takes; more is an invalid-params error. */
  maxParams: number;
}

export type MethodTable = ReadonlyMap<string, MethodSpec>;

export interface DispatcherLimits {
  /** Most requests in one batch. */
  maxBatch: number;
  /** Longest one request may take before it is answered with a timeout error. */
  timeoutMs: number;
  /** Characters of JSON one batch's answers may total; the requests past it are refused, not run. */
  maxBatchResponseChars: number;
  /** Requests of one batch run at once. */
  batchConcurrency: number;
}

/** geth's bound on a batch's answers (25 MB), and 16 of its requests at once. */
export const DEFAULT_BATCH_LIMITS: Pick<DispatcherLimits, "maxBatchResponseChars" | "batchConcurrency"> = {
  maxBatchResponseChars: 25_000_000,
  batchConcurrency: 16,
};

export class Dispatcher {
  constructor(
    private readonly methods: MethodTable,
    private readonly limits: DispatcherLimits,
    private readonly logger: Logger,
  ) {}

  /** The answer to a request body: a response, an array of them, or undefined (notifications only). */
  async handleText(text: string, ctx: CallContext = {}): Promise<RpcResponse | RpcResponse[] | undefined> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return errorResponse(null, new RpcError(RpcCode.parseError, `parse error: ${(err as Error).message}`));
    }
    return this.handleValue(value, ctx);
  }

  async handleValue(value: unknown, ctx: CallContext = {}): Promise<RpcResponse | RpcResponse[] | undefined> {
    if (!Array.isArray(value)) return this.handleOne(value, ctx);
    if (value.length === 0) return errorResponse(null, new RpcError(RpcCode.invalidRequest, "invalid request: empty batch"));
    if (value.length > this.limits.maxBatch) {
      return errorResponse(null, new RpcError(RpcCode.invalidRequest, `batch of ${value.length} requests exceeds the limit of ${this.limits.maxBatch}`));
    }
    const answers = await this.handleBatch(value, ctx);
    const responses = answers.filter((r): r is RpcResponse => r !== undefined);
    return responses.length === 0 ? undefined : responses;
  }

  /**
   * A batch's requests, a few at a time, answered in order. Once the answers pass the size bound,
   * the rest are refused without running, so a batch of large answers cannot exhaust memory.
   */
  private async handleBatch(items: readonly unknown[], ctx: CallContext): Promise<Array<RpcResponse | undefined>> {
    const answers = new Array<RpcResponse | undefined>(items.length);
    let chars = 0;
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const i = next++;
        if (chars > this.limits.maxBatchResponseChars) {
          answers[i] = responseTooLarge(items[i]);
          continue;
        }
        let answer = await this.handleOne(items[i], ctx);
        try {
          if (answer !== undefined) chars += JSON.stringify(answer).length;
        } catch (err) {
          answer = errorResponse(answer!.id, this.asRpcError(err, "(encoding an answer)"));
        }
        answers[i] = chars > this.limits.maxBatchResponseChars ? responseTooLarge(items[i]) : answer;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.limits.batchConcurrency, items.length) }, worker));
    return answers;
  }

  private async handleOne(value: unknown, ctx: CallContext): Promise<RpcResponse | undefined> {
    const parsed = parseRequest(value);
    if (!parsed.ok) return parsed.response;
    const response = await this.invoke(parsed.request, ctx);
    return parsed.request.notification ? undefined : response;
  }

  private async invoke(request: RpcRequest, ctx: CallContext): Promise<RpcResponse> {
    const started = performance.now();
    let response: RpcResponse;
    try {
      const spec = this.methods.get(request.method);
      if (!spec) throw methodNotFound(request.method);
      if (request.params.length > spec.maxParams) throw new RpcError(RpcCode.invalidParams, `too many arguments, want at most ${spec.maxParams}`);
      response = resultResponse(request.id, await this.withTimeout(spec.handler(request.params, ctx)));
    } catch (err) {
      response = errorResponse(request.id, this.asRpcError(err, request.method));
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    this.logger.debug({ method: request.method.slice(0, 100), id: request.id, ms, ...(response.error ? { code: response.error.code } : {}) }, "request");
    return response;
  }

  private withTimeout(work: unknown): Promise<unknown> {
    if (!(work instanceof Promise)) return Promise.resolve(work);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RpcError(RpcCode.unavailable, `request timed out after ${this.limits.timeoutMs / 1000}s`)), this.limits.timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private asRpcError(err: unknown, method: string): RpcError {
    if (err instanceof RpcError) return err;
    this.logger.error({ err, method: method.slice(0, 100) }, "request failed unexpectedly");
    return new RpcError(RpcCode.internal, `internal error: ${(err as Error)?.message ?? String(err)}`);
  }
}

/** geth's answer for a request of a batch whose answers grew past the bound (none for a notification). */
function responseTooLarge(item: unknown): RpcResponse | undefined {
  const parsed = parseRequest(item);
  if (!parsed.ok) return parsed.response;
  if (parsed.request.notification) return undefined;
  return errorResponse(parsed.request.id, new RpcError(RpcCode.responseTooLarge, "response too large"));
}
