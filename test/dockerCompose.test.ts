// docker-compose.yml and the Dockerfile, checked without a Docker engine (none runs here): the
// compose file through a real YAML parser, the Dockerfile as text, and the commands they run
// through the built `unitd` (npm test builds dist/ first). The containers must start the same
// command lines as `unitd devnet start`, on the same +10·i ports.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { DEVNET_FLAGS } from "../app/cli/devnet.js";
import { parseStrictArgs } from "../app/cli/flags.js";
import { nodeId, nodeKey } from "../cometbft/devnet/keys.js";
import { devnetNodes, dockerServiceName, DEVNET_VALIDATORS } from "../cometbft/devnet/layout.js";
import { faucetProcess, nodeProcesses } from "../cometbft/devnet/processes.js";
import { nodeHomePaths, readAppConfig } from "../common/node/home.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { portsForValidator, type NodePorts } from "../common/node/ports.js";
import { getTomlValue } from "../cometbft/toml.js";
import { COMETBFT_MODULE, COMETBFT_VERSION } from "../cometbft/version.js";
import { runUnitd } from "./support/unitdCli.js";

interface Service {
  image?: string;
  build?: unknown;
  hostname?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  command?: string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

// Merge keys (`<<: *validator`) as Compose resolves them; duplicate keys are errors.
const compose = parse(fs.readFileSync(path.join(REPO_ROOT, "docker-compose.yml"), "utf8"), { merge: true, uniqueKeys: true }) as ComposeFile;
const service = (name: string): Service => {
  const s = compose.services[name];
  assert.ok(s, `service ${name}`);
  return s;
};

// Every API a validator publishes (ABCI stays inside its container, between app and CometBFT).
const PUBLISHED: (keyof NodePorts)[] = ["rpc", "p2p", "grpc", "rest", "evmHttp", "evmWs"];
const CLI_PREFIX = ["node", "dist/app/cli/unitd.js"];
// The flags `unitd devnet` declares (app/cli/devnet.ts), parsed by the CLI's own parser.

/** A compose command as `unitd` sees it: the devnet subcommand and its flags. */
function devnetArgs(command: string[] | undefined) {
  assert.ok(command, "an exec-form command");
  assert.deepEqual(command.slice(0, 2), CLI_PREFIX, "runs the compiled unitd");
  const [top, sub, ...rest] = command.slice(2);
  assert.equal(top, "devnet");
  return { sub, rest, values: parseStrictArgs(rest, DEVNET_FLAGS, "devnet").values };
}

/** `script` and every project script it imports, directly or not (relative `.mjs` imports), as repository paths. */
function scriptsImportedFrom(script: string): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const source = fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
    for (const [, spec] of source.matchAll(/^import [^;]*?from "(\.{1,2}\/[^"]+\.mjs)";/gms)) visit(path.posix.join(path.posix.dirname(file), spec!));
  };
  visit(script);
  return [...found];
}

/** The variable that opts in to publishing on other interfaces than loopback. */
const BIND_VAR = "UNITD_BIND";

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR-default}`, over `env`. */
function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\{(\w+)(?:(:?-)([^}]*))?\}/g, (_, name: string, op: string | undefined, fallback: string) => {
    const value = env[name];
    if (op === ":-") return value ? value : fallback;
    if (op === "-") return value ?? fallback;
    return value ?? "";
  });
}

/**
 * "IP:HOST:CONTAINER" entries (Compose's short syntax) after interpolation over `env`; an entry
 * without an IP would publish on every interface, and is reported with ip undefined.
 */
function publishedPorts(s: Service, env: Record<string, string | undefined> = {}): { ip?: string; host: number; container: number }[] {
  return (s.ports ?? []).map((raw) => {
    const entry = interpolate(raw, env);
    const m = /^(?:([0-9.]+):)?(\d+):(\d+)(?:\/tcp)?$/.exec(entry);
    assert.ok(m, `port entry "${raw}" in [IP:]HOST:CONTAINER form`);
    return { ip: m[1], host: Number(m[2]), container: Number(m[3]) };
  });
}

function expectedPorts(index: number): number[] {
  const ports = portsForValidator(index);
  return [...PUBLISHED.map((what) => ports[what]!), ...(index === 0 ? [ports.faucet!] : [])].sort((a, b) => a - b);
}

const validators = Array.from({ length: DEVNET_VALIDATORS }, (_, i) => i);
/** The optional full node: the fifth node's ports (+ 40), no faucet. */
const FULLNODE = "fullnode";
const FULLNODE_INDEX = DEVNET_VALIDATORS;
const PUBLISHED_TOTAL = 6 * DEVNET_VALIDATORS + 1 + PUBLISHED.length;

describe("docker-compose.yml", () => {
  test("an init service and four validators sharing the devnet volume, built from the Dockerfile", () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ["devnet-init", FULLNODE, ...validators.map(dockerServiceName)].sort());
    assert.deepEqual(Object.keys(compose.volumes), ["devnet"]);
    for (const [name, s] of Object.entries(compose.services)) {
      assert.deepEqual(s.volumes, ["devnet:/devnet"], `${name} mounts the volume at /devnet`);
      assert.equal(s.build, ".", `${name} builds the repository's Dockerfile`);
      assert.equal(s.image, service("devnet-init").image, `${name} runs the one image`);
    }
    const init = devnetArgs(service("devnet-init").command);
    assert.equal(init.sub, "init");
    assert.equal(init.values.dir, "/devnet");
    assert.equal(init.values.network, "docker");
    assert.equal(service("devnet-init").ports, undefined, "init publishes nothing");
  });

  for (const i of validators) {
    const name = dockerServiceName(i);

    test(`${name}: hostname, start order and every port at default + 10·${i} on both sides`, () => {
      const s = service(name);
      assert.equal(s.hostname, name, "the host name the other nodes' persistent_peers use");
      assert.deepEqual(s.depends_on, { "devnet-init": { condition: "service_completed_successfully" } });
      const ports = publishedPorts(s);
      for (const p of ports) assert.equal(p.host, p.container, "published unchanged, so host and container ports agree");
      assert.deepEqual(
        ports.map((p) => p.container).sort((a, b) => a - b),
        expectedPorts(i),
      );
      assert.ok(!ports.some((p) => p.container === portsForValidator(i).abci), "ABCI is not published");
    });

    test(`${name}: its command is run-node for /devnet/node${i}, the processes the local launcher starts`, () => {
      const { sub, values } = devnetArgs(service(name).command);
      assert.equal(sub, "run-node");
      assert.equal(values.home, `/devnet/node${i}`);
      assert.equal(values.index, String(i));
      assert.equal(values.faucet ?? false, i === 0, "the one faucet runs beside validator 0");
      assert.equal(values.dir, undefined);

      // What `unitd devnet start` would run for a devnet in /devnet: the layout's home and index.
      const launched = devnetNodes("/devnet", "docker")[i]!;
      const fromCompose = nodeProcesses(values.home!, Number(values.index), "cometbft");
      assert.deepEqual(fromCompose, nodeProcesses(launched.home, launched.index, "cometbft"));
      assert.deepEqual(
        fromCompose.map((p) => p.name),
        [`app-${i}`, `cometbft-${i}`, `rest-${i}`, `evm-rpc-${i}`],
      );
      assert.deepEqual(fromCompose[1]!.args, ["start", "--home", `/devnet/node${i}/cometbft`]);
      for (const p of [fromCompose[0]!, fromCompose[2]!, fromCompose[3]!]) assert.deepEqual(p.args.slice(-2), ["--home", `/devnet/node${i}`]);
      if (i === 0) assert.deepEqual(faucetProcess(values.home!, portsForValidator(0).faucet!), faucetProcess(launched.home, launched.ports.faucet!));
    });
  }

  test("fullnode: only under the fullnode profile, after two healthy validators, on the fifth node's ports", () => {
    const s = service(FULLNODE);
    assert.deepEqual(s.profiles, [FULLNODE], "`docker compose up` alone leaves it out");
    for (const i of validators) assert.equal(service(dockerServiceName(i)).profiles, undefined, `${dockerServiceName(i)} runs in every profile`);
    assert.equal(s.hostname, FULLNODE);
    const needs = Object.keys(s.depends_on ?? {});
    assert.ok(needs.length >= 2, "the light client needs a primary and a witness");
    for (const name of needs) {
      assert.deepEqual(s.depends_on![name], { condition: "service_healthy" }, `waits for ${name} to make blocks`);
      assert.ok(service(name).healthcheck?.test, `${name} has the healthcheck it waits for`);
    }
    const ports = publishedPorts(s);
    for (const p of ports) assert.equal(p.host, p.container);
    const own = portsForValidator(FULLNODE_INDEX);
    assert.deepEqual(
      ports.map((p) => p.container).sort((a, b) => a - b),
      PUBLISHED.map((what) => own[what]!).sort((a, b) => a - b),
    );
    assert.ok(
      s.healthcheck?.test?.some((t) => t.includes(`127.0.0.1:${own.rpc}/status`)),
      "its healthcheck asks its own RPC",
    );
  });

  test("fullnode: run-fullnode of /devnet/fullnode, state sync from the validators' RPC, the processes of a node at index 4", () => {
    const s = service(FULLNODE);
    const { sub, values } = devnetArgs(s.command);
    assert.equal(sub, "run-fullnode");
    assert.equal(values.home, "/devnet/fullnode", "in the shared volume, beside the validators' homes");
    assert.equal(values.index, String(FULLNODE_INDEX));
    assert.equal(values.network, "docker", "listens on 0.0.0.0 for its published ports");
    assert.equal(values.faucet, undefined);
    const rpc = values.rpc!.split(",");
    assert.ok(rpc.length >= 2);
    for (const url of rpc) {
      const u = new URL(url);
      const i = validators.find((j) => dockerServiceName(j) === u.hostname);
      assert.ok(i !== undefined, `${url} names a validator service`);
      assert.equal(Number(u.port), portsForValidator(i).rpc, `${url} is that validator's RPC port`);
      assert.ok(Object.keys(s.depends_on ?? {}).includes(u.hostname), `the fullnode waits for ${u.hostname}`);
    }
    const processes = nodeProcesses(values.home!, Number(values.index), "cometbft");
    assert.deepEqual(
      processes.map((p) => p.name),
      ["app-4", "cometbft-4", "rest-4", "evm-rpc-4"],
    );
  });

  test("the validators take snapshots the fullnode can restore (app.toml's state-sync keys set by UNITD_* variables)", () => {
    for (const i of validators) {
      const env = service(dockerServiceName(i)).environment ?? {};
      assert.ok(Number(env.UNITD_STATE_SYNC_SNAPSHOT_INTERVAL) > 0, `${dockerServiceName(i)} takes snapshots`);
    }
    assert.equal(service(FULLNODE).environment, undefined, "the fullnode takes none");
  });

  test(`every published port is on loopback unless ${BIND_VAR} opts in to another address`, () => {
    const entries = Object.values(compose.services).flatMap((s) => s.ports ?? []);
    assert.equal(entries.length, PUBLISHED_TOTAL);
    for (const s of Object.values(compose.services)) {
      for (const p of publishedPorts(s)) assert.equal(p.ip, "127.0.0.1", `port ${p.host} binds loopback by default`);
      for (const p of publishedPorts(s, { [BIND_VAR]: "" })) assert.equal(p.ip, "127.0.0.1", `port ${p.host}: an empty ${BIND_VAR} is the default`);
      for (const p of publishedPorts(s, { [BIND_VAR]: "0.0.0.0" })) assert.equal(p.ip, "0.0.0.0", `port ${p.host} follows ${BIND_VAR}`);
    }
    // The opt-in is documented where operators look for it.
    for (const doc of ["docker-compose.yml", "docs/devnet.md"]) {
      const text = fs.readFileSync(path.join(REPO_ROOT, doc), "utf8");
      assert.match(text, new RegExp(`${BIND_VAR}=0\\.0\\.0\\.0`), `${doc} shows how to opt in`);
    }
  });

  test("no host port is published twice", () => {
    const all = Object.values(compose.services).flatMap((s) => publishedPorts(s).map((p) => p.host));
    assert.equal(new Set(all).size, all.length);
    assert.equal(all.length, PUBLISHED_TOTAL);
  });

  // Guarded: where a real /devnet exists, run-node would start it instead of failing to find it.
  test(
    "the built unitd accepts each validator's command as run-node of its home",
    { skip: fs.existsSync("/devnet") && "a /devnet exists on this machine" },
    async () => {
      for (const i of validators) {
        const { rest } = devnetArgs(service(dockerServiceName(i)).command);
        const run = await runUnitd(["devnet", "run-node", ...rest]);
        assert.equal(run.code, 1, run.stdout);
        // Past flag and index checks, it looks for the home the init service wrote.
        assert.match(run.stderr, new RegExp(`cannot read /devnet/node${i}/config/app\\.toml`));
      }
      // The fullnode's command passes its checks and asks validator0's RPC for the genesis (no such host here).
      const { rest } = devnetArgs(service(FULLNODE).command);
      const run = await runUnitd(["devnet", "run-fullnode", ...rest]);
      assert.equal(run.code, 1, run.stdout);
      assert.match(run.stderr, /http:\/\/validator0:26657\/genesis: /);
      assert.ok(!fs.existsSync("/devnet/fullnode"), "nothing prepared");
    },
  );
});

describe("unitd devnet init --network docker (the devnet-init service)", () => {
  test("writes four homes listening on 0.0.0.0 whose peers are the validator services, on the published ports", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-devnet-docker-"));
    try {
      // The init service's own command line, with its --dir pointed at a temp dir.
      const { rest } = devnetArgs(service("devnet-init").command);
      const args = ["devnet", "init", ...rest.map((a) => (a === "/devnet" ? dir : a))];
      const run = await runUnitd(args);
      assert.equal(run.code, 0, run.stderr);
      const genesis: string[] = [];
      for (const i of validators) {
        const home = path.join(dir, `node${i}`);
        const toml = fs.readFileSync(path.join(home, "cometbft", "config", "config.toml"), "utf8");
        const get = (section: string, key: string) => getTomlValue(toml, section, key);
        const ports = portsForValidator(i);
        assert.equal(get("rpc", "laddr"), JSON.stringify(`tcp://0.0.0.0:${ports.rpc}`));
        assert.equal(get("p2p", "laddr"), JSON.stringify(`tcp://0.0.0.0:${ports.p2p}`));
        const peers = validators.filter((j) => j !== i).map((j) => `${nodeId(nodeKey(j))}@${dockerServiceName(j)}:${portsForValidator(j).p2p}`);
        assert.equal(get("p2p", "persistent_peers"), JSON.stringify(peers.join(",")));
        assert.equal(get("rpc", "cors_allowed_origins"), '["*"]', "permissive CORS on the devnet's RPC");
        const app = readAppConfig(nodeHomePaths(home));
        assert.equal(app.listenHost, "0.0.0.0");
        assert.equal(app.unsafeCors, true, "permissive CORS on the devnet's REST");
        // The app reads the service's snapshot variables over the generated app.toml.
        const withEnv = readAppConfig(nodeHomePaths(home), service(dockerServiceName(i)).environment);
        assert.equal(withEnv.snapshotInterval, Number(service(dockerServiceName(i)).environment!.UNITD_STATE_SYNC_SNAPSHOT_INTERVAL));
        assert.equal(withEnv.snapshotKeepRecent, 2);
        // The ports written into the home are the ones its compose service publishes.
        const served = [...PUBLISHED.map((what) => app.ports[what]!), ...(app.ports.faucet ? [app.ports.faucet] : [])].sort((a, b) => a - b);
        assert.deepEqual(
          served,
          publishedPorts(service(dockerServiceName(i)))
            .map((p) => p.container)
            .sort((a, b) => a - b),
        );
        genesis.push(fs.readFileSync(path.join(home, "cometbft", "config", "genesis.json"), "utf8"));
      }
      assert.ok(
        genesis.every((g) => g === genesis[0]),
        "one genesis for the four nodes",
      );
      assert.equal(JSON.parse(genesis[0]!).chain_id, "unit_2611-1");

      // A second `docker compose up` runs init again: it keeps the devnet.
      const again = await runUnitd(args);
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /already holds a devnet; keeping it/);
      assert.equal(fs.readFileSync(path.join(dir, "node0", "cometbft", "config", "genesis.json"), "utf8"), genesis[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The Dockerfile's instructions, continuation lines joined and comments dropped, by stage. */
function dockerfileStages(text: string) {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const globalArgs = new Map<string, string>();
  const stages: { base: string; name: string; steps: { op: string; args: string }[] }[] = [];
  for (const line of lines) {
    const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    assert.ok(op && args !== undefined, `instruction line: ${line}`);
    const upper = op.toUpperCase();
    if (upper === "FROM") {
      const m = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
      assert.ok(m, `every stage is named: ${line}`);
      stages.push({ base: m[1]!.replace(/\$\{(\w+)\}/g, (_, v: string) => globalArgs.get(v) ?? `\${${v}}`), name: m[2]!, steps: [] });
    } else if (stages.length === 0) {
      assert.equal(upper, "ARG", "only ARGs before the first FROM");
      const [key, value] = args.split("=");
      globalArgs.set(key!, value ?? "");
    } else {
      stages.at(-1)!.steps.push({ op: upper, args });
    }
  }
  return { globalArgs, stages };
}

describe("Dockerfile", () => {
  const { globalArgs, stages } = dockerfileStages(fs.readFileSync(path.join(REPO_ROOT, "Dockerfile"), "utf8"));
  const [build, runtime] = stages;
  const runs = (stage: typeof build) => stage!.steps.filter((s) => s.op === "RUN").map((s) => s.args.replace(/\s+/g, " "));

  test("two stages: a build stage on Node 20 with Go, a slim Node 20 runtime", () => {
    assert.deepEqual(
      stages.map((s) => s.name),
      ["build", "runtime"],
    );
    assert.match(build!.base, /^node:20\.\d+\.\d+-bookworm$/, "a pinned Node 20");
    assert.equal(runtime!.base, build!.base.replace(/-bookworm$/, "-bookworm-slim"), "the same Node, so the native addons match");
    const goCopy = build!.steps.find((s) => s.op === "COPY" && /--from=golang:/.test(s.args));
    assert.ok(goCopy, "the Go toolchain comes from the official golang image");
    assert.match(goCopy.args, /^--from=golang:1\.(2[2-9]|[3-9]\d)\.\d+-bookworm \/usr\/local\/go \/usr\/local\/go$/, "a pinned Go >= 1.22");
  });

  test("the build stage builds the pinned CometBFT with go install, and the app with npm run build", () => {
    assert.equal(globalArgs.get("COMETBFT_VERSION"), COMETBFT_VERSION);
    const goInstall = runs(build).find((r) => r.includes("go install"));
    assert.ok(goInstall, "a go install step");
    const resolved = goInstall.replace(/\$\{COMETBFT_VERSION\}/g, globalArgs.get("COMETBFT_VERSION")!);
    assert.ok(resolved.includes(`go install ${COMETBFT_MODULE}@v${COMETBFT_VERSION}`), resolved);
    assert.match(resolved, /GOTOOLCHAIN=local/);
    assert.match(resolved, /GOBIN=\/app\/\.bin /);
    const buildStep = runs(build).find((r) => r.includes("npm run build"));
    assert.ok(buildStep);
    assert.match(buildStep, /node dist\/cometbft\/install\.js/, "the app's own install check confirms the version");
    assert.match(buildStep, /npm prune --omit=dev/);
    // Every folder tsc compiles is copied in, except gen/, which `npm run build` generates.
    const tsconfig = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tsconfig.json"), "utf8")) as { include: string[] };
    // Each COPY's sources: every argument but the destination.
    const copied = build!.steps.filter((s) => s.op === "COPY" && !s.args.startsWith("--from")).flatMap((s) => s.args.split(/\s+/).slice(0, -1));
    for (const dir of tsconfig.include.filter((d) => d !== "gen")) assert.ok(copied.includes(dir), `COPY ${dir}`);
    assert.ok(!copied.includes("gen"));
    // What `npm run build` runs besides tsc: the build script, the processes' bundler with every
    // script it imports, and the explorer it bundles.
    const bundler = scriptsImportedFrom("scripts/bundle.mjs");
    assert.ok(bundler.includes("scripts/sourceRewritePlugin.mjs"), `the bundler's imports are followed: ${bundler.join(", ")}`);
    for (const input of ["scripts/build.mjs", ...bundler, "explorer"]) assert.ok(copied.includes(input), `COPY ${input}`);
    // And a change to any of them rebuilds the bundles.
    const buildScript = fs.readFileSync(path.join(REPO_ROOT, "scripts/build.mjs"), "utf8");
    for (const script of bundler) assert.ok(buildScript.includes(`"${script}"`), `scripts/build.mjs lists ${script} among the bundles' inputs`);
  });

  test("the runtime stage: built app and CometBFT under /app, a non-root user, unitd as the command", () => {
    const steps = runtime!.steps;
    assert.ok(steps.some((s) => s.op === "WORKDIR" && s.args === "/app"));
    const fromBuild = steps.filter((s) => s.op === "COPY" && s.args.startsWith("--from=build ")).map((s) => s.args.split(/\s+/).slice(1));
    for (const [src, dest] of [
      ["/app/dist", "./dist"],
      ["/app/node_modules", "./node_modules"],
      ["/app/.bin/cometbft", "./.bin/cometbft"],
    ]) {
      assert.ok(
        fromBuild.some(([s, d]) => s === src && d === dest),
        `COPY --from=build ${src} ${dest}`,
      );
    }
    const user = steps.filter((s) => s.op === "USER").at(-1);
    assert.ok(user && !["root", "0"].includes(user.args.split(":")[0]!), "runs as a non-root user");
    assert.ok(!steps.some((s) => s.op === "ENTRYPOINT"), "compose's command is the whole command line");
    const cmd = steps.find((s) => s.op === "CMD");
    assert.ok(cmd);
    assert.deepEqual((JSON.parse(cmd.args) as string[]).slice(0, 2), CLI_PREFIX);
    assert.ok(!runs(runtime).some((r) => /go install|npm (ci|install|run)/.test(r)), "nothing is built at runtime");
  });

  test(".dockerignore keeps this machine's build output and native addons out", () => {
    const ignored = fs
      .readFileSync(path.join(REPO_ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .map((l) => l.trim());
    for (const entry of ["node_modules", "dist", "gen", ".bin"]) assert.ok(ignored.includes(entry), entry);
  });
});
