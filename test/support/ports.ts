// Free loopback ports for tests that run in parallel.
//
// A port is picked at random from 16000-25999 and checked by binding it. A port from the kernel's
// ephemeral range (32768 up, what listen(0) hands out) can be taken between the check and the
// real bind by any process's outgoing connection, and the nodes under test open many. The range
// chosen lies below it and between the blocks that port offsets give whole nodes and devnets
// (the defaults + up to ~6,100: 1317-15190 and 26656-32767), so only another pick can meet it.
import { isPortFree } from "../../cometbft/readiness.js";
import type { NodePorts } from "../../common/node/ports.js";

const LOWEST_PORT = 16_000;
const END_PORT = 26_000;
const ATTEMPTS = 200;
// Ports this process handed out, so that concurrent picks within one file never repeat.
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (END_PORT - LOWEST_PORT));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isPortFree(port)) return port;
  }
  throw new Error(`no free loopback port in ${LOWEST_PORT}-${END_PORT - 1} after ${ATTEMPTS} attempts`);
}

export async function freeNodePorts(): Promise<NodePorts> {
  const [rpc, p2p, abci, grpc, rest, evmHttp, evmWs] = await Promise.all(Array.from({ length: 7 }, freePort));
  return { rpc: rpc!, p2p: p2p!, abci: abci!, grpc: grpc!, rest: rest!, evmHttp: evmHttp!, evmWs: evmWs! };
}
