// web/test/types/engine/pul-web.d.mts: the types of the wasm engine module that the build
// puts at build-web/engine/pul-web.mjs (emscripten's ES module factory, wasm/CMakeLists.txt),
// for tsc --checkJs: web/tsconfig.json's rootDirs map engine/pul-web.mjs here.

/** What the page may hand the factory (emscripten's Module settings). */
export interface PulModuleOptions {
  /** one byte of standard input per call, null at its end */
  stdin?: () => number | null;
  /** a line of standard output / standard error, without its newline */
  print?: (line: string) => void;
  printErr?: (line: string) => void;
  /** where the .wasm and .data files are, from their names: needed whenever the worker's
   *  script is not beside the module, or the data package is looked for beside the script
   *  (emscripten's file packager uses this alone): name => new URL(name, moduleUrl).href */
  locateFile?: (path: string, prefix: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
  getPreloadedPackage?: (name: string, size: number) => ArrayBuffer;
  [setting: string]: unknown;
}

/** The running module: the pul command's main, its virtual file system and environment. */
export interface PulModule {
  /** runs pul with these arguments (as `pul ARGS...`); its exit status */
  callMain(args: string[]): number;
  FS: {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string, options: { encoding: 'utf8' }): string;
    readFile(path: string): Uint8Array;
    [name: string]: unknown;
  };
  ENV: Record<string, string>;
  [name: string]: unknown;
}

export default function createPul(options?: PulModuleOptions): Promise<PulModule>;
