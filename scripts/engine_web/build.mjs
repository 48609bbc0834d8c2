// make engine-web: static/engine/, the engine for the phone (docs/offline-engine.md, "Build").
// Pyodide's core files from node_modules; the standard library trimmed to what the engine uses and the
// engine itself (games/rules/), both compiled to sourceless .pyc by Pyodide's own Python (pack.py); a
// manifest naming them by content hash. Then the built files are loaded as the phone loads them, and
// every engine call is made: a missing module fails the build, not the phone.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { startPyodide } from "./start.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../..");
const STOCK = join(HERE, "node_modules/pyodide/");
const OUT = join(REPO, "static/engine");
const CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]; // what loadPyodide fetches

const MISSING = ["ImportError", "ModuleNotFoundError", "LookupError"]; // a module or a codec left out
const BROTLI_CACHE = join(HERE, "node_modules/.cache/engine-web-brotli.json"); // goes with node_modules

const sha256 = (data) => createHash("sha256").update(data).digest("hex");
const hashed = (stem, data) => `${stem}-${sha256(data).slice(0, 12)}.zip`;
const brotliCache = existsSync(BROTLI_CACHE) ? JSON.parse(readFileSync(BROTLI_CACHE)) : {};

/** The file's size raw and compressed by brotli at its best (what a phone downloads, at most). Quality 11
 * takes minutes for the .wasm on a busy machine: it runs in libuv's threads beside Pyodide, and is
 * remembered by content hash. */
async function sizes(data) {
  const key = sha256(data);
  brotliCache[key] ??= (
    await promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  ).length;
  return { raw: data.length, br: brotliCache[key] };
}

async function pack() {
  const pyodide = await startPyodide(STOCK, { mounts: { "/src": REPO } });
  pyodide.runPython(`import sys; sys.path.insert(0, "/src/scripts/engine_web")`);
  const pack = pyodide.pyimport("pack");
  const used = pack.used_stdlib("/src"); // first, while sys.modules holds only what ran
  const stdlib = pack
    .pyc_zip(pack.stdlib_sources(pack.with_margin(used)), pack.stdlib_zip_path() + "/")
    .toJs();
  const engine = pack.pyc_zip(pack.engine_sources("/src")).toJs();
  return { used: used.length, stdlib, engine, version: pack.engine_version("/src") };
}

async function check(folder, manifest) {
  const pyodide = await startPyodide(join(folder, manifest.index), {
    stdLibURL: join(folder, manifest.stdlib),
  });
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(folder, manifest.engine))), "zip");
  const browser = pyodide.pyimport("games.rules.browser");
  for (const call of browser.CALLS.keys()) {
    try {
      browser.answer(call, "{}");
    } catch (error) {
      if (MISSING.includes(error.type)) throw error; // any other error: the call refused "{}", having run
    }
  }
  const games = JSON.parse(browser.answer("games", "{}")).games;
  if (!games.length) throw new Error("the built engine knows no game");
  if (pyodide.runPython(`import sys; any(name.startswith("django") for name in sys.modules)`)) {
    throw new Error("importing the engine imported Django");
  }
  return games;
}

async function build() {
  const started = Date.now();
  const core = Object.fromEntries(CORE.map((name) => [name, sizes(readFileSync(join(STOCK, name)))]));
  const built = await pack();
  const next = `${OUT}.new`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(join(next, "pyodide"), { recursive: true });
  const stdlib = hashed("python_stdlib", built.stdlib);
  const engine = hashed("engine", built.engine);
  const bytes = {};
  for (const name of CORE) {
    copyFileSync(join(STOCK, name), join(next, "pyodide", name));
    bytes[`pyodide/${name}`] = await core[name];
  }
  for (const [name, data] of [
    [stdlib, built.stdlib],
    [engine, built.engine],
  ]) {
    writeFileSync(join(next, name), data);
    bytes[name] = await sizes(data);
  }
  mkdirSync(dirname(BROTLI_CACHE), { recursive: true });
  writeFileSync(BROTLI_CACHE, JSON.stringify(brotliCache));
  const manifest = {
    pyodide: JSON.parse(readFileSync(join(STOCK, "package.json"))).version,
    version: built.version,
    index: "pyodide/",
    stdlib,
    engine,
    bytes,
    total_br: Object.values(bytes).reduce((sum, size) => sum + size.br, 0),
  };
  writeFileSync(join(next, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  const games = await check(next, manifest);
  rmSync(OUT, { recursive: true, force: true });
  renameSync(next, OUT);
  const mb = (bytes) => (bytes / 1e6).toFixed(2);
  console.log(
    `static/engine/: engine ${manifest.version} (${games.join(", ")}), ${built.used} standard library modules used, ` +
      `${mb(manifest.total_br)} MB brotli, built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

try {
  await build();
} catch (error) {
  console.error(`make engine-web failed: ${String(error.message ?? error).slice(-3000)}`); // not the minified source line
  process.exit(1);
}
