// The part of autocannon's programmatic API that scripts/bench-http.ts uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; '3xx'?: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    requests?: { setupRequest?: (req: object) => object }[];
  };
  export default function autocannon(options: Options): Promise<Result>;
}
