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

/** Every port of `base` moved by `offset`. */
export function shiftPorts(offset: number, base: NodePorts = DEFAULT_PORTS): NodePorts {
  const shifted = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v + offset])) as unknown as NodePorts;
  for (const [name, port] of Object.entries(shifted)) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`port offset ${offset} puts the ${name} port out of range (${port})`);
  }
  return shifted;
}

export function portsForValidator(index: number, base: NodePorts = DEFAULT_PORTS): NodePorts {
  return shiftPorts(10 * index, base);
}
