export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs `fn` with the latest arguments once no call has come for `ms` (used for terminal resize, ~200 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
