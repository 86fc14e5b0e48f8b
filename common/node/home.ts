// A node's home directory as every process of the node reads it:
//   <home>/config/app.toml   the node's settings (ports, APIs, pruning, ...; common/node/config.ts)
//   <home>/data/app.db       the app's SQLite state
//   <home>/cometbft/         CometBFT home (config.toml, genesis.json, keys, block store)
//   <home>/logs/             one log file per process when run by the supervisor
// Creating one is the launcher's job (cometbft/home.ts).
import fs from "node:fs";
import path from "node:path";
import { applyEnvOverrides, formatAppToml, parseAppToml, validateAppConfig, withDefaults, type AppConfig } from "./config.js";

export interface NodeHomePaths {
  root: string;
  cometHome: string;
  /** app.toml: the node's settings (common/node/config.ts). */
  appConfigFile: string;
  /** app.json: the settings file of homes made before app.toml, read until migrated. */
  legacyAppConfigFile: string;
  appDb: string;
  logDir: string;
}

export function nodeHomePaths(root: string): NodeHomePaths {
  const abs = path.resolve(root);
  return {
    root: abs,
    cometHome: path.join(abs, "cometbft"),
    appConfigFile: path.join(abs, "config", "app.toml"),
    legacyAppConfigFile: path.join(abs, "config", "app.json"),
    appDb: path.join(abs, "data", "app.db"),
    logDir: path.join(abs, "logs"),
  };
}

export type { AppConfig } from "./config.js";
export {
  DEFAULT_PRUNING_INTERVAL,
  DEFAULT_PRUNING_KEEP_RECENT,
  DEFAULT_QUERY_TIMEOUT_MS,
  DEFAULT_QUERY_WORKERS,
  defaultSenderRecoveryWorkers,
  defaultStateHashWorkers,
} from "./config.js";

/**
 * The node's settings: app.toml (or, in a home not yet migrated, the older app.json), then the
 * UNITD_* variables of `env` over it, every key given a value. Errors name the key and the file.
 */
export function readAppConfig(paths: NodeHomePaths, env: NodeJS.ProcessEnv = process.env): AppConfig {
  let fromFile: AppConfig;
  let source = paths.appConfigFile;
  if (fs.existsSync(paths.appConfigFile)) {
    fromFile = parseAppToml(fs.readFileSync(paths.appConfigFile, "utf8"), paths.appConfigFile);
  } else {
    source = paths.legacyAppConfigFile;
    try {
      fromFile = withDefaults(JSON.parse(fs.readFileSync(paths.legacyAppConfigFile, "utf8")) as AppConfig);
    } catch (err) {
      throw new Error(`cannot read ${paths.appConfigFile} (is the node home initialised?): ${(err as Error).message}`);
    }
  }
  const config = applyEnvOverrides(fromFile, env);
  validateAppConfig(config, source);
  return config;
}

/** Writes app.toml (every key, documented). */
export function writeAppConfig(paths: NodeHomePaths, config: AppConfig): void {
  fs.mkdirSync(path.dirname(paths.appConfigFile), { recursive: true });
  fs.writeFileSync(paths.appConfigFile, formatAppToml(withDefaults(config)));
}

/** Changes some settings in app.toml (tools and tests); environment variables are not written. */
export function updateAppConfig(paths: NodeHomePaths, change: Partial<AppConfig>): AppConfig {
  const next = { ...readAppConfig(paths, {}), ...change };
  writeAppConfig(paths, next);
  return next;
}

/**
 * A home with only the older config/app.json gets the same settings as app.toml; app.json is kept
 * as app.json.bak. Returns a line saying so, or undefined when there was nothing to migrate.
 */
export function migrateAppJson(paths: NodeHomePaths): string | undefined {
  if (fs.existsSync(paths.appConfigFile) || !fs.existsSync(paths.legacyAppConfigFile)) return undefined;
  writeAppConfig(paths, readAppConfig(paths, {}));
  const backup = `${paths.legacyAppConfigFile}.bak`;
  fs.renameSync(paths.legacyAppConfigFile, backup);
  return `migrated ${paths.legacyAppConfigFile} to ${paths.appConfigFile} (the old file is kept as ${backup})`;
}

export function isInitialised(paths: NodeHomePaths): boolean {
  return (
    (fs.existsSync(paths.appConfigFile) || fs.existsSync(paths.legacyAppConfigFile)) && fs.existsSync(path.join(paths.cometHome, "config", "genesis.json"))
  );
}
