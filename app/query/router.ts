// ABCI Query routing by path. The raw-store path serves any module's key at any retained height;
// gRPC method paths (`/cosmos.bank.v1beta1.Query/AllBalances`) dispatch to the query services.
import type { StateReader } from "../store/types.js";
import { namespaceReader } from "../store/prefixStore.js";
import type { QueryResult } from "../../abci/application.js";
import { GrpcCode } from "../../common/errors.js";
import { grpcStatusOf, QueryServices } from "./service.js";
import type { QueryExecutor } from "./executor.js";

export type QueryHandler = (data: Uint8Array, state: StateReader, path: string) => QueryResult;

export const QUERY_ERRORS = {
  unknownPath: { codespace: "sdk", code: 6 },
  invalidRequest: { codespace: "sdk", code: 18 },
  keyNotFound: { codespace: "sdk", code: 22 },
  heightUnavailable: { codespace: "sdk", code: 26 },
} as const;

const GRPC_CODE_NAMES = Object.fromEntries(
  Object.entries(GrpcCode).map(([name, code]) => [
    code,
    name
      .split("_")
      .map((w) => w[0] + w.slice(1).toLowerCase())
      .join(""),
  ]),
) as Record<number, string>;

export class QueryRouter {
  private readonly exact = new Map<string, QueryHandler>();
  private executor: QueryExecutor | undefined;

  constructor(readonly services: QueryServices = new QueryServices()) {}

  /** Where query methods run (see executor.ts); without one they run here, on the view route() is given. */
  useExecutor(executor: QueryExecutor): void {
    this.executor = executor;
  }

  register(path: string, handler: QueryHandler): void {
    if (this.exact.has(path)) throw new Error(`query path ${path} registered twice`);
    this.exact.set(path, handler);
  }

  /** Asynchronous because some query services are (eth_call runs the VM); failures are results, never rejections. */
  async route(path: string, data: Uint8Array, state: StateReader, height: number): Promise<QueryResult> {
    const handler = this.exact.get(path);
    if (handler) return handler(data, state, path);
    const method = this.services.method(path);
    if (method) {
      try {
        const value = this.executor ? (await this.executor.execute(method, data, height)).response : await method.handleAsync(data, { state, height });
        return { value };
      } catch (err) {
        return abciQueryError(err);
      }
    }
    const store = /^\/store\/([a-z][a-z0-9_]*)\/key$/.exec(path);
    if (store) {
      const value = namespaceReader(state, store[1]!).get(data);
      return { key: data, value: value ?? new Uint8Array() };
    }
    return { ...QUERY_ERRORS.unknownPath, log: `unknown query path: ${path}` };
  }
}

/**
 * A gRPC-path query failure as the SDK's baseapp reports it over ABCI: the log reads
 * `rpc error: code = NotFound desc = ...`, which is what CosmJS matches to tell "account not
 * found" from a real failure.
 */
function abciQueryError(err: unknown): QueryResult {
  const status = grpcStatusOf(err);
  const base =
    status.code === GrpcCode.NOT_FOUND
      ? QUERY_ERRORS.keyNotFound
      : status.code === GrpcCode.INVALID_ARGUMENT || status.code === GrpcCode.FAILED_PRECONDITION
        ? QUERY_ERRORS.invalidRequest
        : QUERY_ERRORS.unknownPath;
  return { ...base, log: `rpc error: code = ${GRPC_CODE_NAMES[status.code] ?? status.code} desc = ${status.message}` };
}
