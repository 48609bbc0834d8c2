// make engine-pyodide: the engine's tests (tests/rules and the doctests of games/rules) inside Pyodide
// under Node, against the built static/engine/: its core files and its engine zip (sourceless .pyc).
// pytest needs far more of the standard library than the engine: the run takes Pyodide's full one from
// node_modules (the trimmed one is checked by make engine-web, which makes every engine call on it).
// pytest, hypothesis and their dependencies are pure-Python wheels (requirements/pyodide.txt).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startPyodide } from "./start.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../..");
const BUILT = join(REPO, "static/engine");
const WHEELS = join(REPO, ".cache/pyodide-wheels");
const read = (path) => new Uint8Array(readFileSync(path));

const started = Date.now();
const manifest = JSON.parse(readFileSync(join(BUILT, "manifest.json")));
const pyodide = await startPyodide(join(BUILT, manifest.index), {
  stdLibURL: join(HERE, "node_modules/pyodide/python_stdlib.zip"),
  mounts: { "/run/tests/rules": join(REPO, "tests/rules") },
});
pyodide.unpackArchive(read(join(BUILT, manifest.engine)), "zip", { extractDir: "/engine" });
for (const wheel of readdirSync(WHEELS).filter((name) => name.endsWith(".whl"))) {
  pyodide.unpackArchive(read(join(WHEELS, wheel)), "zip", { extractDir: "/lib/python3.14/site-packages" });
}
pyodide.FS.writeFile("/run/tests/__init__.py", "");
pyodide.FS.writeFile("/run/test_engine_doctests.py", readFileSync(join(HERE, "engine_doctests.py")));
pyodide.FS.writeFile("/run/pytest.ini", "[pytest]\nmarkers =\n    slow: an engine test that takes seconds\n");
const code = pyodide.runPython(`
import os, sys
sys.path.insert(0, "/engine")
os.chdir("/run")
import games.rules, pytest
assert games.rules.__file__ == "/engine/games/rules/__init__.pyc", games.rules.__file__  # the built engine
int(pytest.main(["-q", "-p", "no:cacheprovider", "--strict-markers", "tests/rules", "test_engine_doctests.py", *${JSON.stringify(process.argv.slice(2))}]))
`);
console.log(
  `make engine-pyodide: engine ${manifest.version} in Pyodide ${manifest.pyodide}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(Number(code));
