// web/engine.mjs: the page's side of the worker: each command line becomes a promise of its
// parsed JSON reply; commands are answered in order by the one engine in the worker.

/** @typedef {{ok: boolean, cmd?: string, error?: string, message?: string, reason?: string, [k: string]: any}} Reply */

export class Engine {
  /** @param {string} workerUrl */
  constructor(workerUrl) {
    this.worker = new Worker(new URL(workerUrl, document.baseURI), { type: 'module' });
    /** @type {Map<number, (r: Reply) => void>} */
    this.waiting = new Map();
    this.next = 1;
    /** @type {string[]} every line sent, for the tests and for debugging */
    this.sent = [];
    this.worker.onmessage = (/** @type {MessageEvent<{id: number, text: string}>} */ ev) => {
      const done = this.waiting.get(ev.data.id);
      this.waiting.delete(ev.data.id);
      if (done) done(JSON.parse(ev.data.text));
    };
  }

  /** @param {string} line @returns {Promise<Reply>} */
  cmd(line) {
    const id = this.next++;
    this.sent.push(line);
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, line });
    });
  }
}
