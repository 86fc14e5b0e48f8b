// The REST gateway over fetch: one GET per query method, the answer decoded with protobuf-es
// `fromJson` of the method's response type, so results carry the protos' field names and types
// (bigint for 64-bit integers, Uint8Array for bytes, enums as numbers).
import { fromJson, type DescMessage, type DescMethod, type MessageInitShape, type MessageShape, type Registry } from "@bufbuild/protobuf";
import { describeNetworkError } from "../client/cometRpcClient.js";
import { ClientError, NodeUnreachableError, UnexpectedResponseError } from "../client/errors.js";
import { getPathTemplate } from "./httpRoute.js";
import { RestQueryError } from "./restErrors.js";
import { restTarget } from "./restRequest.js";

/** The header that picks the height a query reads, and reports the height it was answered at. */
export const HEIGHT_HEADER = "x-cosmos-block-height";

export interface RestTransportOptions {
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** A fetch of your own (a proxy, a test double); default globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Types that may arrive inside an `Any` (the custom modules' answers have none). */
  registry?: Registry;
}

export interface RestCallOptions {
  /** Read state at this committed height; absent or 0 = latest. */
  height?: bigint | number;
  /** Cancels the request; its reason is rethrown as is. */
  signal?: AbortSignal;
}

export interface RestAnswer<T> {
  response: T;
  /** The height the node answered at (0 when the answer did not say). */
  height: bigint;
}

type UnaryMethod<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

export class RestTransport {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof globalThis.fetch;
  private readonly registry: Registry | undefined;

  /** @example new RestTransport("http://127.0.0.1:1317") */
  constructor(baseUrl: string, options: RestTransportOptions = {}) {
    this.baseUrl = restBaseUrl(baseUrl);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.registry = options.registry;
  }

  /**
   * GETs `method`'s route with `request` and decodes the answer; throws RestQueryError for the
   * gateway's `{code, message, details}`, NodeUnreachableError when there is no answer.
   * @example const { response, height } = await rest.call(IdentityQuery.method.credential, { id: 1n });
   */
  async call<I extends DescMessage, O extends DescMessage>(
    method: UnaryMethod<I, O>,
    request: MessageInitShape<I>,
    options: RestCallOptions = {},
  ): Promise<RestAnswer<MessageShape<O>>> {
    const template = getPathTemplate(method);
    if (template === undefined) throw new ClientError(`${method.parent.typeName}.${method.name} has no REST route; query it over ABCI`);
    const target = restTarget(template, method.input, request);
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.height !== undefined && BigInt(options.height) !== 0n) headers[HEIGHT_HEADER] = heightText(options.height);
    const { status, json, height } = await this.get(target, headers, options.signal);
    if (status < 200 || status > 299) throw restError(target, status, json);
    try {
      return { response: fromJson(method.output, json as never, { ignoreUnknownFields: true, ...(this.registry ? { registry: this.registry } : {}) }), height };
    } catch (err) {
      throw new UnexpectedResponseError(`the answer to ${target} is not a valid ${method.output.typeName}: ${(err as Error).message}`);
    }
  }

  private async get(
    target: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; json: unknown; height: bigint }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(this.baseUrl + target, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      text = await response.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw new NodeUnreachableError(`cannot reach the REST gateway at ${this.baseUrl}: ${describeNetworkError(err, this.timeoutMs)}`, { cause: err });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UnexpectedResponseError(
        `the REST gateway at ${this.baseUrl} answered ${target} with HTTP ${response.status} and a body that is not JSON: ${JSON.stringify(text.slice(0, 120))}`,
        text.slice(0, 120),
      );
    }
    const reported = response.headers.get(HEIGHT_HEADER) ?? "";
    return { status: response.status, json, height: /^[0-9]{1,20}$/.test(reported) ? BigInt(reported) : 0n };
  }
}

function restError(target: string, status: number, json: unknown): RestQueryError {
  const body = (json ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  return new RestQueryError(
    target,
    status,
    typeof body.code === "number" ? body.code : 0,
    typeof body.message === "string" ? body.message : JSON.stringify(json).slice(0, 200),
    Array.isArray(body.details) ? body.details : [],
  );
}

function heightText(height: bigint | number): string {
  const value = BigInt(height);
  if (value < 0n) throw new RangeError(`height must not be negative, got ${value}`);
  return value.toString();
}

function restBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ClientError(`invalid REST URL "${text}": expected something like http://127.0.0.1:1317`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ClientError(`invalid REST URL "${text}": only http:// and https:// are supported`);
  if (url.search || url.hash) throw new ClientError(`invalid REST URL "${text}": no query string or fragment expected`);
  return url.toString().replace(/\/+$/, "");
}
