/**
 * `build` made once per key (a language, a time zone, or both) and kept for the whole process (server) or page
 * (browser): an Intl formatter costs far more to make than to use, and screens ask for the same ones many times a
 * request (a CPU profile of Monthly Reports had about 1 ms of each request in making them). Keys come from the code
 * and the configuration, a handful at most; the bound only keeps a mistake from growing without end.
 */
export function madeOnce<T>(build: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      if (made.size >= 32) made.clear();
      made.set(key, (value = build(key)));
    }
    return value;
  };
}
