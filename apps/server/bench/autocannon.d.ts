/**
 * The slice of autocannon 8 the bench uses (the package ships no types; @types/autocannon would be a
 * dependency for a dozen lines).
 */
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    overallRate?: number;
    /** Request templates; `setupRequest` may change each request before it is sent. */
    requests?: {
      method?: string;
      path: string;
      setupRequest?: (request: RequestParams) => RequestParams;
    }[];
  };
  type RequestParams = { method?: string; path?: string; headers?: Record<string, string> };
  type Histogram = { average: number; p50: number; p99: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
