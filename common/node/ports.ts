// Default ports of validator 0; validator i adds 10·i to every one of them (spec, section 1).
export interface NodePorts {
  rpc: number;
  p2p: number;
  abci: number;
  grpc: number;
  rest: number;
  evmHttp: number;
  evmWs: number;
  /** The test-funds faucet (one per network). Absent in node homes created before it existed. */
  faucet?: number;
}

export const DEFAULT_PORTS: NodePorts = {
  rpc: 26657,
  p2p: 26656,
  abci: 26658,
  grpc: 9090,
  rest: 1317,
  evmHttp: 8545,
  evmWs: 8546,
  faucet: 4500,
};

/**
 * The ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#bad-port): browsers, and
 * Node's fetch() with "bad port", refuse to connect to them, so a wallet, the explorer or a fetch
 * client could never reach a service listening on one.
 */
export const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Why `offset` cannot move `base`'s ports (out of range, or onto a port clients refuse), or undefined when it can. */
export function portOffsetProblem(offset: number, base: NodePorts = DEFAULT_PORTS): string | undefined {
  for (const [name, port] of Object.entries(base)) {
    const moved = port + offset;
    if (!Number.isInteger(moved) || moved < 1 || moved > 65535) return `port offset ${offset} puts the ${name} port out of range (${moved})`;
    if (FETCH_BLOCKED_PORTS.has(moved))
      return `the ${name} port would be ${moved}, which browsers and fetch() refuse to connect to (a blocked port of the Fetch standard); choose another port offset`;
  }
  return undefined;
}

/** Why a network of `validators` validators (validator i at `offset` + 10·i) cannot use `offset`, or undefined when it can. */
export function networkOffsetProblem(offset: number, validators: number): string | undefined {
  for (let i = 0; i < validators; i++) {
    const problem = portOffsetProblem(offset + 10 * i);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Every port of `base` moved by `offset`; throws when a moved port is out of range or blocked (portOffsetProblem). */
export function shiftPorts(offset: number, base: NodePorts = DEFAULT_PORTS): NodePorts {
  const problem = portOffsetProblem(offset, base);
  if (problem !== undefined) throw new Error(problem);
  return Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v + offset])) as unknown as NodePorts;
}

export function portsForValidator(index: number, base: NodePorts = DEFAULT_PORTS): NodePorts {
  return shiftPorts(10 * index, base);
}
