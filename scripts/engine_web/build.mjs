// make engine-web: static/engine/, the engine for the phone (docs/offline-engine.md, "Build").
// Pyodide's core files from node_modules; the standard library trimmed to what the engine uses and the
// engine itself (games/rules/), both compiled to sourceless .pyc by Pyodide's own Python (pack.py); a
// manifest naming them by content hash; beside each file its brotli copy, which WhiteNoise serves to a
// browser that accepts it. Then the built files are loaded as the phone loads them, and every engine
// call is made: a missing module fails the build, not the phone. Built in a folder of its own under
// .cache/, which replaces static/engine/ by a rename once checked: a server never sees half an engine.
import { createHash } from "node:crypto";
import {
    existsSync,
  mkdirSync,
  readdirSync,
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
const WORK = join(REPO, ".cache"); // the folder being built, on static/'s file system (gitignored)
const CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]; // what loadPyodide fetches

const MISSING = ["ImportError", "ModuleNotFoundError", "LookupError"]; // a module or a codec left out
// Brotli's quality (0-11): 11, the smallest, takes 30-60 s of CPU for the .wasm; make run asks for 9,
// 1.5 s for 0.37 MB more (docs/offline-engine.md, "Build"). Recorded in the manifest.
const QUALITY = Number(process.env.ENGINE_BROTLI_QUALITY || 11);
if (!Number.isInteger(QUALITY) || QUALITY < 0 || QUALITY > 11) {
  const given = process.env.ENGINE_BROTLI_QUALITY;
  console.error(`make engine-web: ENGINE_BROTLI_QUALITY must be a whole number from 0 to 11, not ${given}`);
  process.exit(2);
}
const BROTLI_CACHE = join(HERE, "node_modules/.cache/engine-web-brotli"); // goes with node_modules

const sha256 = (data) => createHash("sha256").update(data).digest("hex");
const hashed = (stem, data) => `${stem}-${sha256(data).slice(0, 12)}.zip`;

/** The file's brotli copy at QUALITY, what a browser that accepts brotli downloads. Remembered by content
 * hash (the core files change only with Pyodide); compressed in libuv's threads, beside Pyodide. */
async function brotli(data) {
  const kept = join(BROTLI_CACHE, `${sha256(data)}-q${QUALITY}.br`);
  if (existsSync(kept)) return readFileSync(kept);
  const packed = await promisify(brotliCompress)(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  mkdirSync(BROTLI_CACHE, { recursive: true });
  writeFileSync(`${kept}.${process.pid}`, packed);
  renameSync(`${kept}.${process.pid}`, kept);
  return packed;
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The folders of builds that were stopped (make run's, its server stopped): removed. */
function sweep() {
  if (!existsSync(WORK)) return;
  for (const name of readdirSync(WORK)) {
    const found = /^engine-(?:build|old)-(\d+)(?:-\d+)?$/.exec(name);
    if (found && !running(Number(found[1]))) rmSync(join(WORK, name), { recursive: true, force: true });
  }
}

/** static/engine/ replaced by the checked ``next`` folder: two renames, no copy. */
function replace(next) {
  const aside = [];
  for (let attempt = 0; ; attempt++) {
    try {
      if (existsSync(OUT)) {
        aside.push(join(WORK, `engine-old-${process.pid}-${attempt}`));
        renameSync(OUT, aside.at(-1));
      }
      renameSync(next, OUT);
      break;
    } catch (error) {
      // another build's rename between ours: again
      if (attempt >= 3 || !["ENOTEMPTY", "EEXIST", "ENOENT"].includes(error.code)) throw error;
    }
  }
  for (const old of aside) rmSync(old, { recursive: true, force: true });
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

/** The lock file without its packages (0.12 MB of them): the engine loads none, and loadPyodide reads
 * and keeps the whole file however few it loads. */
const lockWithoutPackages = (data) =>
  Buffer.from(JSON.stringify({ ...JSON.parse(data), packages: {} }) + "\n");

/** Pyodide's core files keep their own names (loadPyodide asks for them so): their folder is named for
 * their contents' hash instead, so that a browser may keep them for good (docs/offline-engine.md). */
const coreFolder = (files) =>
  `pyodide-${sha256(CORE.map((name) => `${name} ${sha256(files[name])}\n`).join("")).slice(0, 12)}/`;

async function build() {
  const started = Date.now();
  sweep();
  const stock = Object.fromEntries(CORE.map((name) => [name, readFileSync(join(STOCK, name))]));
  stock["pyodide-lock.json"] = lockWithoutPackages(stock["pyodide-lock.json"]);
  const core = Object.fromEntries(CORE.map((name) => [name, brotli(stock[name])]));
  const index = coreFolder(stock);
  const built = await pack();
  const next = join(WORK, `engine-build-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  mkdirSync(join(next, index), { recursive: true });
  const stdlib = hashed("python_stdlib", built.stdlib);
  const engine = hashed("engine", built.engine);
  const bytes = {};
  const write = (name, data, packed) => {
    writeFileSync(join(next, name), data);
    writeFileSync(join(next, `${name}.br`), packed);
    bytes[name] = { raw: data.length, br: packed.length };
  };
  for (const name of CORE) write(`${index}${name}`, stock[name], await core[name]);
  write(stdlib, built.stdlib, await brotli(built.stdlib));
  write(engine, built.engine, await brotli(built.engine));
  const manifest = {
    pyodide: JSON.parse(readFileSync(join(STOCK, "package.json"))).version,
    version: built.version,
    index,
    stdlib,
    engine,
    brotli: QUALITY,
    bytes,
    total_br: Object.values(bytes).reduce((sum, size) => sum + size.br, 0),
  };
  writeFileSync(join(next, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  try {
    const games = await check(next, manifest);
    replace(next);
    const mb = (bytes) => (bytes / 1e6).toFixed(2);
    console.log(
      `static/engine/: engine ${manifest.version} (${games.join(", ")}), ${built.used} standard library modules used, ` +
        `${mb(manifest.total_br)} MB brotli (quality ${QUALITY}), built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

try {
  await build();
} catch (error) {
  console.error(`make engine-web failed: ${String(error.message ?? error).slice(-3000)}`); // not the minified source line
  process.exit(1);
}
