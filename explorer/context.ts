// What a page gets to draw itself: the node's two read paths (CometBFT through the proxy, the
// REST gateway with the SDK's typed clients) and a lifetime that ends when the user navigates away.
import type { DescMessage, DescMethod, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { RestQueryClient } from "../sdk/query/index.js";
import type { CometReader } from "./api/comet.js";

type UnaryMethod<I extends DescMessage, O extends DescMessage> = DescMethod & { input: I; output: O };

export interface PageContext {
  comet: CometReader;
  rest: RestQueryClient;
  /** Any query method with a REST route, standard modules included: the typed answer. */
  query<I extends DescMessage, O extends DescMessage>(method: UnaryMethod<I, O>, request: MessageInitShape<I>): Promise<MessageShape<O>>;
  /** Aborted when the user leaves the page. */
  signal: AbortSignal;
  /** Runs `task` every `ms` while the page is shown (live updates); a failing run is retried at the next tick. */
  every(ms: number, task: () => Promise<void>): void;
  /** Opens another explorer page (path relative to /explorer/). */
  navigate(path: string): void;
}

export function createPageContext(comet: CometReader, rest: RestQueryClient, signal: AbortSignal, navigate: (path: string) => void): PageContext {
  return {
    navigate,
    comet,
    rest,
    query: async (method, request) => (await rest.transport.call(method, request, { signal })).response,
    signal,
    every(ms, task) {
      let running = false;
      const timer = setInterval(() => {
        if (running || signal.aborted) return;
        running = true;
        task()
          .catch(() => undefined)
          .finally(() => (running = false));
      }, ms);
      signal.addEventListener("abort", () => clearInterval(timer), { once: true });
    },
  };
}
