// The command line of `cometbft start` for a node home: the log settings and the peers given on
// unitd's command line. Peers passed as flags apply to this run only; config.toml is not edited.

/** unitd flags forwarded to `cometbft start` unchanged (CometBFT's own names). */
export const P2P_FLAGS = ["p2p.persistent_peers", "p2p.seeds"] as const;
export type P2pFlag = (typeof P2P_FLAGS)[number];

export interface CometStartOptions {
  /** CometBFT's --log_level. */
  logLevel?: string;
  /** "json": CometBFT logs JSON lines. */
  logFormat?: "json" | "text";
  /** Comma-separated <node id>@<host>:<port>, as `--p2p.persistent_peers` / `--p2p.seeds` take them. */
  p2p?: Partial<Record<P2pFlag, string>>;
}

const NODE_ID = /^[0-9a-f]{40}$/;

/**
 * Checks a `<id>@<host>:<port>,...` list and returns it without blanks, so a typo fails here,
 * naming the flag and the entry, instead of as a dial error in CometBFT's log.
 */
export function parsePeerList(flag: string, value: string): string {
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) throw new Error(`--${flag} needs at least one <node id>@<host>:<port>`);
  for (const entry of entries) {
    const at = entry.indexOf("@");
    const colon = entry.lastIndexOf(":");
    const id = entry.slice(0, at);
    const host = entry.slice(at + 1, colon);
    const port = entry.slice(colon + 1);
    const problem =
      at < 0 || colon < at
        ? "expected <node id>@<host>:<port>"
        : !NODE_ID.test(id)
          ? "the node id must be 40 lowercase hex characters (unitd comet show-node-id)"
          : host === ""
            ? "the host is empty"
            : !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535
              ? "the port must be 1-65535"
              : undefined;
    if (problem) throw new Error(`--${flag}: "${entry}": ${problem}`);
  }
  return entries.join(",");
}

/**
 * `start --home <cometHome>` and the flags `opts` asks for, peers checked, in a fixed order, with
 * the variables CometBFT reads for settings it has no flag for (`start` has no --log_format; its
 * CMT_ prefixed variables override config.toml).
 */
export function cometStartCommand(cometHome: string, opts: CometStartOptions = {}): { args: string[]; env: Record<string, string> } {
  const args = ["start", "--home", cometHome];
  if (opts.logLevel) args.push("--log_level", opts.logLevel);
  for (const flag of P2P_FLAGS) {
    const value = opts.p2p?.[flag];
    if (value !== undefined) args.push(`--${flag}`, parsePeerList(flag, value));
  }
  return { args, env: opts.logFormat === "json" ? { CMT_LOG_FORMAT: "json" } : {} };
}
