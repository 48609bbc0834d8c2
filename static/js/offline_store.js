/* The play queue of offline recording, in IndexedDB so that it survives a reload or a closed tab.
   window.SkQueue: list(match), add(entry), put(entry), remove(ids); entries keep their order by id. */
(function () {
  "use strict";

  var NAME = "scorekeeper", STORE = "queue";
  var opened = null;

  function database() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(NAME, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true }).createIndex("match", "match");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }

  /* Run fn(store) in one transaction; resolves with what fn's last request gave, once committed. */
  function transact(mode, fn) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var request = fn(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(request && request.result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  window.SkQueue = {
    /* The match's entries, oldest first. */
    list: function (match) {
      return transact("readonly", function (store) { return store.index("match").getAll(match); })
        .then(function (entries) { return entries.sort(function (a, b) { return a.id - b.id; }); });
    },
    add: function (entry) { return transact("readwrite", function (store) { return store.add(entry); }); },
    put: function (entry) { return transact("readwrite", function (store) { return store.put(entry); }); },
    remove: function (ids) {
      return transact("readwrite", function (store) {
        var last = null;
        ids.forEach(function (id) { last = store.delete(id); });
        return last;
      });
    }
  };
})();
