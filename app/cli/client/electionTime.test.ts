import { test } from "node:test";
import assert from "node:assert/strict";
import { electionTimeArg } from "./electionTime.js";
import { UsageError } from "./cliArgs.js";

const NOW = Date.parse("2026-05-01T12:00:00Z");

test("+duration counts from now in days, hours, minutes and seconds", () => {
  assert.equal(electionTimeArg("--start", "+90s", NOW), NOW + 90_000);
  assert.equal(electionTimeArg("--start", "+5m", NOW), NOW + 300_000);
  assert.equal(electionTimeArg("--end", "+1h30m", NOW), NOW + 5_400_000);
  assert.equal(electionTimeArg("--end", "+2d1s", NOW), NOW + 172_801_000);
  assert.equal(electionTimeArg("--end", "+0s", NOW), NOW);
});

test("RFC 3339 times with Z or an offset, fractions kept to the millisecond", () => {
  assert.equal(electionTimeArg("--start", "2026-05-02T00:00:00Z", NOW), Date.parse("2026-05-02T00:00:00Z"));
  assert.equal(electionTimeArg("--start", "2026-05-02T02:00:00+02:00", NOW), Date.parse("2026-05-02T00:00:00Z"));
  assert.equal(electionTimeArg("--start", "2026-05-02T00:00:00.250Z", NOW), Date.parse("2026-05-02T00:00:00Z") + 250);
});

test("anything else is a usage error naming the flag", () => {
  for (const bad of ["", "+", "90s", "+1x", "+-5s", "2026-05-02", "2026-05-02 00:00:00Z", "2026-13-02T00:00:00Z", "tomorrow"]) {
    assert.throws(
      () => electionTimeArg("--end", bad, NOW),
      (e) => e instanceof UsageError && e.message.startsWith("--end expects an RFC 3339 time"),
      bad,
    );
  }
});
