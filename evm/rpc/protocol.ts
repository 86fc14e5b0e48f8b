// JSON-RPC 2.0 envelopes: checking one request object, and building responses. A request without
// an `id` member is a notification and gets no response; `params` must be positional (Ethereum's
// methods take arrays), absent meaning none.
import { errorObject, RpcCode, RpcError } from "./errors.js";

export type RpcId = string | number | null;

export interface RpcRequest {
  id: RpcId;
  method: string;
  params: readonly unknown[];
  /** No `id` member: the client wants no answer. */
  notification: boolean;
}

export interface RpcResponse {
  jsonrpc: "2.0";
  id: RpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Longest string id echoed back; a longer one is an invalid request, not an amplifier. */
const MAX_ID_LENGTH = 256;

export type ParsedRequest = { ok: true; request: RpcRequest } | { ok: false; response: RpcResponse };

export function parseRequest(value: unknown): ParsedRequest {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return invalid(null, "invalid request: expected a JSON-RPC 2.0 request object");
  const v = value as Record<string, unknown>;
  const hasId = Object.prototype.hasOwnProperty.call(v, "id");
  const id = v.id;
  if (hasId && !validId(id)) return invalid(null, `invalid request: id must be a string (at most ${MAX_ID_LENGTH} characters), a number or null`);
  const echo = hasId ? (id as RpcId) : null;
  if (v.jsonrpc !== "2.0") return invalid(echo, 'invalid request: jsonrpc must be "2.0"');
  if (typeof v.method !== "string" || v.method === "") return invalid(echo, "invalid request: method must be a non-empty string");
  if (v.params !== undefined && v.params !== null && !Array.isArray(v.params)) {
    return { ok: false, response: errorResponse(echo, new RpcError(RpcCode.invalidParams, "invalid params: params must be an array of positional arguments")) };
  }
  return { ok: true, request: { id: echo, method: v.method, params: Array.isArray(v.params) ? v.params : [], notification: !hasId } };
}

function validId(id: unknown): boolean {
  if (id === null) return true;
  if (typeof id === "number") return Number.isFinite(id);
  return typeof id === "string" && id.length <= MAX_ID_LENGTH;
}

function invalid(id: RpcId, message: string): ParsedRequest {
  return { ok: false, response: errorResponse(id, new RpcError(RpcCode.invalidRequest, message)) };
}

export function resultResponse(id: RpcId, result: unknown): RpcResponse {
  // JSON-RPC requires a result member; a method with nothing to say answers null.
  return { jsonrpc: "2.0", id, result: result === undefined ? null : result };
}

export function errorResponse(id: RpcId, err: RpcError): RpcResponse {
  return { jsonrpc: "2.0", id, error: errorObject(err) };
}
