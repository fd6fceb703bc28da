// The part of autocannon's programmatic API that scripts/bench-http.ts uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p97_5: number; p99: number };
  export type Result = {
    /** Requests a second, sampled each second; `total` is every request answered. */
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '3xx'?: number;
    /** Seconds from the first request to the last answer. */
    duration: number;
  };
  type Options = {
    url: string;
    connections?: number;
    /** Requests per second each connection sends at most (a pause between one person's actions). */
    connectionRate?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    /** Sent in turn by each connection, over and over. */
    requests?: Request[];
  };
  export type Request = {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: object) => object;
  };
  /** With a callback, the running instance: its 'response' event gives each answer's time in milliseconds. */
  type Instance = {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
