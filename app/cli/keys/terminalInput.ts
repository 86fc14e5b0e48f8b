// Everything `unitd keys` reads from the user: passphrases, a mnemonic, a y/N confirmation.
// On a terminal each answer is prompted for (secrets without echo). When stdin is a pipe, answers
// are consecutive lines, in the order the command would prompt for them, so scripts can do
//   printf '%s\n%s\n' "$PASS" "$PASS" | unitd keys add alice --keyring-backend file
// Prompts always go to stderr, keeping stdout for the command's output.
import readline from "node:readline";

export interface TerminalInput {
  /** True when stdin is a terminal (answers are prompted for), false when it is a pipe or file. */
  readonly interactive: boolean;
  /** A visible answer, or undefined when stdin has ended. */
  line(prompt: string): Promise<string | undefined>;
  /** An answer not echoed on a terminal, or undefined when stdin has ended. */
  secret(prompt: string): Promise<string | undefined>;
  /** Releases stdin so the process can exit. */
  close(): void;
}

export function terminalInput(stdin: NodeJS.ReadStream = process.stdin, stderr: NodeJS.WriteStream = process.stderr): TerminalInput {
  return stdin.isTTY ? ttyInput(stdin, stderr) : pipedInput(stdin);
}

function pipedInput(stdin: NodeJS.ReadStream): TerminalInput {
  let lines: AsyncIterator<string> | undefined;
  let rl: readline.Interface | undefined;
  const next = async () => {
    if (!lines) {
      rl = readline.createInterface({ input: stdin, terminal: false, crlfDelay: Infinity });
      lines = rl[Symbol.asyncIterator]();
    }
    const { value, done } = await lines.next();
    return done ? undefined : stripCarriageReturn(value);
  };
  return { interactive: false, line: next, secret: next, close: () => rl?.close() };
}

function ttyInput(stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): TerminalInput {
  return {
    interactive: true,
    line(prompt) {
      const rl = readline.createInterface({ input: stdin, output: stderr, terminal: true });
      return new Promise((resolve) => {
        let answered = false;
        rl.on("close", () => answered || resolve(undefined)); // Ctrl-D
        rl.question(prompt, (answer) => {
          answered = true;
          rl.close();
          resolve(answer);
        });
      });
    },
    secret: (prompt) => readHidden(stdin, stderr, prompt),
    close: () => stdin.pause(),
  };
}

// Raw mode so typed characters are not echoed; handles Enter, Backspace, Ctrl-C and Ctrl-D.
function readHidden(stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream, prompt: string): Promise<string | undefined> {
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (result: string | undefined, error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish(value);
        if (ch === "\u0003") return finish(undefined, new Error("interrupted"));
        if (ch === "\u0004") return finish(value.length > 0 ? value : undefined);
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

function stripCarriageReturn(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
