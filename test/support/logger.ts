import { pino } from "pino";

/** A silent logger unless TEST_LOG=1, so test output stays the runner's. */
export const testLogger = pino({ level: process.env.TEST_LOG ? "debug" : "silent" });
