// Pyodide under Node for build.mjs and test.mjs: started from a folder of core files, host folders mounted.
import { loadPyodide } from "pyodide";

/** Pyodide from `indexURL` (a folder, ending in /), its standard library from `stdLibURL` (default: the
 * stock one in that folder), each host folder of `mounts` ({"/src": "/work/repo"}) mounted there. */
export async function startPyodide(indexURL, { stdLibURL, mounts = {} } = {}) {
  const pyodide = await loadPyodide({ indexURL, stdLibURL, env: { PYTHONDONTWRITEBYTECODE: "1" } });
  for (const [at, folder] of Object.entries(mounts)) {
    pyodide.FS.mkdirTree(at);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, at);
  }
  return pyodide;
}
