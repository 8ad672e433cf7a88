import * as headlessModule from '@xterm/headless';
import * as serializeModule from '@xterm/addon-serialize';

// Both packages are CommonJS bundles flagged __esModule. Node's ES-module loader exposes them only as a
// default export, while the CommonJS transform the tests run under exposes their named exports: accept both.
type Interop<T> = T & { default?: T };
const pick = <T extends object>(ns: Interop<T>, name: keyof T): T => (name in ns ? ns : (ns.default as T));

export const { Terminal } = pick(headlessModule as Interop<typeof headlessModule>, 'Terminal');
export const { SerializeAddon } = pick(serializeModule as Interop<typeof serializeModule>, 'SerializeAddon');
export type HeadlessTerminal = InstanceType<typeof Terminal>;
