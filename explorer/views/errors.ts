// Failures as a person reads them: "not found" when the chain has no such thing, "unreachable"
// when the node does not answer, and the node's own reason otherwise. Never a blank page.
import { el } from "../dom.js";

/** The chain has no such block, tx, account record, credential... */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

type Kind = "not-found" | "unreachable" | "failed";

export function errorKind(err: unknown): Kind {
  const e = err as { name?: string; isNotFound?: boolean; status?: number; code?: number; rpcMessage?: string } | null;
  if (e?.name === "NotFoundError" || e?.isNotFound === true) return "not-found";
  if (e?.name === "NodeUnreachableError") return "unreachable";
  // The gateway answers 503 while the app is down; the proxy answers 502 when CometBFT is.
  if (e?.name === "RestQueryError" && e.status === 503) return "unreachable";
  if (e?.name === "RpcResponseError" && e.rpcMessage === "CometBFT RPC unreachable") return "unreachable";
  return "failed";
}

const HEADINGS: Record<Kind, string> = {
  "not-found": "Not found",
  unreachable: "The node cannot be reached",
  failed: "Something went wrong",
};

export function errorBox(err: unknown): HTMLElement {
  const kind = errorKind(err);
  const message = err instanceof Error ? err.message : String(err);
  return el(
    "div",
    { class: `error error-${kind}`, role: "alert" },
    el("h2", {}, HEADINGS[kind]),
    el("p", {}, message),
    kind === "unreachable" ? el("p", { class: "muted" }, "The page will work again once the node answers; reload to retry.") : null,
  );
}
