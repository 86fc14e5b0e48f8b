// What long-lived log criteria (eth_newFilter filters, "logs" subscriptions) may hold. One set of
// criteria may list 1,000 addresses and 4 x 1,000 topics (as geth allows), ~1.2 MB once parsed and
// matched against every new block; the filter and subscription counts alone would let 1,000 such
// filters and 100 per WebSocket connection hold gigabytes. So the alternatives they list are
// counted, for the whole server and for each client (its remote address, common/http/clientKey.ts: its
// filters and the subscriptions of all its connections together), and criteria past either bound
// are refused.
import type { LogCriteria } from "../codec/logFilter.js";
import { RpcCode, RpcError } from "../rpc/errors.js";
import { CountsByKey } from "../../common/countsByKey.js";

export interface CriteriaLimits {
  /** Alternatives (addresses and topics) held by every filter and subscription together. */
  maxTotal: number;
  /** Alternatives one client (its filters and its connections' subscriptions together) may hold. */
  maxPerHolder: number;
}

/** ~47 MB in all at most, ~4.7 MB a client: four criteria of the largest kind, or many small ones. */
export const DEFAULT_CRITERIA_LIMITS: CriteriaLimits = { maxTotal: 200_000, maxPerHolder: 20_000 };

/** The addresses and topic alternatives `criteria` lists (at least 1, so a match-all filter counts too). */
export function alternativesOf(criteria: Pick<LogCriteria, "addresses" | "topics">): number {
  let n = criteria.addresses.length;
  for (const position of criteria.topics) n += position?.length ?? 0;
  return Math.max(n, 1);
}

export class CriteriaBudget {
  private total = 0;
  private readonly byHolder = new CountsByKey();

  constructor(readonly limits: CriteriaLimits = DEFAULT_CRITERIA_LIMITS) {}

  /** Counts `criteria` against both bounds, or throws (limit exceeded) naming the one it would pass; returns its release. */
  reserve(holder: string, criteria: Pick<LogCriteria, "addresses" | "topics">): () => void {
    const n = alternativesOf(criteria);
    const held = this.byHolder.get(holder);
    if (held + n > this.limits.maxPerHolder)
      throw new RpcError(
        RpcCode.limitExceeded,
        `log filters and subscriptions of this client would list more than ${this.limits.maxPerHolder} addresses and topics (${held} now, ${n} asked); remove some or list fewer`,
      );
    if (this.total + n > this.limits.maxTotal)
      throw new RpcError(
        RpcCode.limitExceeded,
        `log filters and subscriptions on this server would list more than ${this.limits.maxTotal} addresses and topics; try again later or list fewer`,
      );
    this.total += n;
    const releaseHolder = this.byHolder.hold(holder, n);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= n;
      releaseHolder();
    };
  }

  /** Alternatives held, all together and by `holder` (tests, metrics). */
  held(holder?: string): number {
    return holder === undefined ? this.total : this.byHolder.get(holder);
  }
}
