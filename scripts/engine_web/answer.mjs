// The phone's engine under Node, for tests that ask it as the phone does (tests/web/test_offline_words.py):
// the built static/engine/ (its core files, trimmed standard library and engine zip), then one call per
// line of stdin, a JSON [name, payload, texts], answered by games.rules.browser.answer as one line of JSON.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startPyodide } from "./start.mjs";

const BUILT = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "static/engine");
const manifest = JSON.parse(readFileSync(join(BUILT, "manifest.json")));
const pyodide = await startPyodide(join(BUILT, manifest.index), { stdLibURL: join(BUILT, manifest.stdlib) });
pyodide.unpackArchive(new Uint8Array(readFileSync(join(BUILT, manifest.engine))), "zip");
const answer = pyodide.pyimport("games.rules.browser").answer;
const where = pyodide.runPython("import games.rules.wording as w; w.__file__");
process.stdout.write(JSON.stringify({ ready: manifest.version, wording: where }) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [name, payload, texts] = JSON.parse(line);
  process.stdout.write(answer(name, JSON.stringify(payload), texts) + "\n");
}
