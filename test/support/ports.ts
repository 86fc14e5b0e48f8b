// Free loopback ports for tests that run in parallel.
import net from "node:net";
import type { NodePorts } from "../../common/node/ports.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freeNodePorts(): Promise<NodePorts> {
  const [rpc, p2p, abci, grpc, rest, evmHttp, evmWs] = await Promise.all(Array.from({ length: 7 }, freePort));
  return { rpc: rpc!, p2p: p2p!, abci: abci!, grpc: grpc!, rest: rest!, evmHttp: evmHttp!, evmWs: evmWs! };
}
