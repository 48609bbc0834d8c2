import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startPyodide } from "./start.mjs";
const BUILT = process.argv[2];
const texts = readFileSync(process.argv[3], "utf8");
const manifest = JSON.parse(readFileSync(join(BUILT, "manifest.json")));
const pyodide = await startPyodide(join(BUILT, manifest.index), { stdLibURL: join(BUILT, manifest.stdlib) });
pyodide.unpackArchive(new Uint8Array(readFileSync(join(BUILT, manifest.engine))), "zip");
let t = performance.now();
pyodide.pyimport("games.rules");
const answer = pyodide.pyimport("games.rules.browser").answer;
const imported = performance.now() - t;
const payload = JSON.stringify({ game: "tablo", options: {}, table: ["5C", "3D", "7S", "2H"], card: "8H", taken: ["5C", "2H"] });
const play = JSON.stringify({ game: "tablo", options: {}, setup: { players: 2, dealer: 0, table: ["5C", "3D", "7S", "2H"] }, log: [], play: { seat: 1, card: "8H", taken: ["7S"] } });
function time(name, p, withTexts) {
  for (let i = 0; i < 20; i++) withTexts ? answer(name, p, texts) : answer(name, p);
  const n = 300; const s = performance.now();
  for (let i = 0; i < n; i++) withTexts ? answer(name, p, texts) : answer(name, p);
  return ((performance.now() - s) / n).toFixed(3);
}
console.log(JSON.stringify({ imported: imported.toFixed(0), choices: time("choices", payload, false),
  play: time("play", play, false), ...(process.argv[4] ? { choices_texts: time("choices", payload, true), play_texts: time("play", play, true) } : {}),
  sample: process.argv[4] ? JSON.parse(answer("play", play, texts)).error : null }));
