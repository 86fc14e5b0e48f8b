// Edits single keys of CometBFT's generated config.toml in place, keeping its comments and layout.

export type TomlValue = string | number | boolean | string[];

export function formatTomlValue(value: TomlValue): string {
  if (Array.isArray(value)) return `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

/**
 * Sets `key` inside `[section]` ("" for the top level, before the first table). Throws when the
 * key is not in the file: CometBFT writes every key, so a missing one means a version mismatch.
 */
export function setTomlValue(text: string, section: string, key: string, value: TomlValue): string {
  const lines = text.split("\n");
  let current = "";
  const keyPattern = new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*=`);
  for (let i = 0; i < lines.length; i++) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(lines[i]!);
    if (header) {
      current = header[1]!.trim();
      continue;
    }
    if (current === section && keyPattern.test(lines[i]!)) {
      lines[i] = `${key} = ${formatTomlValue(value)}`;
      return lines.join("\n");
    }
  }
  throw new Error(`config.toml has no key "${key}" in section [${section || "top level"}]`);
}

/** Reads the raw value text of `key` in `[section]`, for checks and tests. */
export function getTomlValue(text: string, section: string, key: string): string | undefined {
  let current = "";
  for (const line of text.split("\n")) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      current = header[1]!.trim();
      continue;
    }
    const m = /^\s*([A-Za-z0-9_.-]+)\s*=\s*(.*)$/.exec(line);
    if (m && current === section && m[1] === key) return m[2]!.trim();
  }
  return undefined;
}
