// Who a client is, for per-client limits (the JSON-RPC server's filter shares, the faucet's per-IP
// limit): its remote address. An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is its
// IPv4 address; an IPv6 client is its /64, because one machine is usually handed a whole /64 and
// could otherwise take a fresh address for every request.

/** The key a remote address counts under; `unknown` when the socket had none (already closed). */
export function clientKey(remoteAddress: string | undefined): string {
  if (!remoteAddress) return "unknown";
  const address = remoteAddress.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const prefix = ipv6Prefix64(address);
  return prefix === undefined ? address : `${prefix}::/64`;
}

/** The first four groups of an IPv6 address, each without leading zeros; undefined if it does not parse. */
function ipv6Prefix64(address: string): string | undefined {
  const bare = address.split("%")[0]!;
  const halves = bare.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const full = [...head, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tail];
  if (!full.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":");
}
