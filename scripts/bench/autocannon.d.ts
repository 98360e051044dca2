// The part of autocannon's API that scripts/bench-api.mjs uses: the package ships no types.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  /** One connection's client, handed to `setupClient` before it starts. */
  interface Client {
    setRequests(requests: Request[]): void;
    setBody(body: string): void;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
    connections?: number;
    /** Seconds. */
    duration?: number;
    warmup?: { connections: number; duration: number };
  }
  /** Figures of a histogram: latency in ms, requests per second (`total`: requests sent). */
  interface Figures {
    p50: number;
    p99: number;
    average: number;
    total: number;
  }
  interface Result {
    latency: Figures;
    requests: Figures;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
