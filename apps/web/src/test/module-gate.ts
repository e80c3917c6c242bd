/**
 * A module whose load a test holds back, to see what a screen draws without it (a part loaded on
 * demand): `vi.mock(path, (importOriginal) => gate.hold(importOriginal))`, then `gate.open()`.
 * `loaded` says whether anything asked for the module.
 */
export interface ModuleGate {
  loaded: boolean;
  open(): void;
  hold<T>(load: () => Promise<T>): Promise<T>;
}

export function moduleGate(): ModuleGate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const gate: ModuleGate = {
    loaded: false,
    open: () => open(),
    async hold(load) {
      gate.loaded = true;
      await opened;
      return load();
    },
  };
  return gate;
}
