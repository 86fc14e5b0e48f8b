// pino loggers: JSON lines, or human-readable when writing to a terminal (or UNIT_LOG_PRETTY=1,
// which the supervisor sets for its children when it owns a terminal).
import { pino, type Logger } from "pino";

export function createLogger(name: string, level = process.env.UNIT_LOG_LEVEL ?? "info"): Logger {
  const pretty = process.env.UNIT_LOG_PRETTY === "1" || (process.env.UNIT_LOG_PRETTY !== "0" && process.stdout.isTTY);
  if (pretty) {
    return pino({
      name,
      level,
      transport: { target: "pino-pretty", options: { colorize: process.stdout.isTTY, ignore: "pid,hostname,name", translateTime: "HH:MM:ss.l" } },
    });
  }
  return pino({ name, level });
}
