import assert from "node:assert/strict";
import { test } from "node:test";
import { emptyTally, formatGoroutineTally, tallyGoroutineDump } from "./cometGoroutines.js";

// A dump in the shape of Go's `debug=2` goroutine profile, trimmed to the frames that matter.
const writer = (id: number, state: string, top: string) =>
  `goroutine ${id} [${state}]:\n${top}(0xc000123456)\n\t/src/abci/client/socket_client.go:134 +0x1a5\n` +
  `github.com/cometbft/cometbft/abci/client.(*socketClient).sendRequestsRoutine(0xc0001, {0x1, 0xc0002})\n\t/src/abci/client/socket_client.go:120 +0x9f\n`;
const dump = [
  writer(10, "select", "github.com/cometbft/cometbft/abci/client.(*socketClient).sendRequestsRoutine"),
  writer(11, "select, 2 minutes", "github.com/cometbft/cometbft/abci/client.(*socketClient).sendRequestsRoutine"),
  writer(12, "runnable", "github.com/cometbft/cometbft/abci/client.(*socketClient).sendRequestsRoutine"),
  writer(13, "runnable", "syscall.Syscall"),
  writer(14, "sync.Mutex.Lock", "internal/sync.runtime_SemacquireMutex"),
  "goroutine 20 [runnable]:\ngithub.com/cometbft/cometbft/libs/timer.(*ThrottleTimer).fireRoutine()\n\t/src/libs/timer/throttle_timer.go:40\ncreated by time.goFunc\n",
  "goroutine 21 [IO wait]:\ninternal/poll.runtime_pollWait(0x7f, 0x72)\n\t/go/src/runtime/netpoll.go:351 +0x85\n",
].join("\n");

test("goroutine dumps: each writer counted by where it was, the timer's goroutines counted, others ignored", () => {
  const tally = emptyTally();
  tallyGoroutineDump(dump, tally);
  tallyGoroutineDump(dump, tally);
  assert.equal(tally.dumps, 2);
  assert.equal(tally.timerGoroutines, 2);
  assert.deepEqual(Object.fromEntries(tally.writers), {
    "waiting in its select": 4,
    "runnable: woken, not yet on a thread": 2,
    "in a system call": 2,
    "blocked: sync.Mutex.Lock": 2,
  });
  const table = formatGoroutineTally(tally);
  assert.match(table, /^2 goroutine dumps; writer goroutines seen 10 times; the flush timer's goroutines 2 times/);
  assert.match(table, /\| waiting in its select \| 4 \| 40\.0 % \|/);
});

test("goroutine dumps: text that is not a dump counts as a dump of nothing", () => {
  const tally = emptyTally();
  tallyGoroutineDump("404 page not found\n", tally);
  assert.equal(tally.dumps, 1);
  assert.equal(tally.writers.size, 0);
  assert.match(formatGoroutineTally(tally), /writer goroutines seen 0 times/);
});
