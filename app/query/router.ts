// ABCI Query routing by path. The raw-store path serves any module's key at any retained height;
// gRPC-path queries register here too.
import type { KVReader } from "../store/types.js";
import { moduleReader } from "../store/prefixStore.js";
import type { QueryResult } from "../../abci/application.js";

export type QueryHandler = (data: Uint8Array, state: KVReader, path: string) => QueryResult;

export const QUERY_ERRORS = {
  unknownPath: { codespace: "sdk", code: 6 },
  invalidRequest: { codespace: "sdk", code: 18 },
  heightUnavailable: { codespace: "sdk", code: 26 },
} as const;

export class QueryRouter {
  private readonly exact = new Map<string, QueryHandler>();

  register(path: string, handler: QueryHandler): void {
    if (this.exact.has(path)) throw new Error(`query path ${path} registered twice`);
    this.exact.set(path, handler);
  }

  route(path: string, data: Uint8Array, state: KVReader): QueryResult {
    const handler = this.exact.get(path);
    if (handler) return handler(data, state, path);
    const store = /^\/store\/([a-z][a-z0-9_]*)\/key$/.exec(path);
    if (store) {
      const value = moduleReader(state, store[1]!).get(data);
      return { key: data, value: value ?? new Uint8Array() };
    }
    return { ...QUERY_ERRORS.unknownPath, log: `unknown query path: ${path}` };
  }
}
