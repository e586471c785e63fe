declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds the run actually lasted. */
    duration: number;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
  }): Promise<Result>;
  export default autocannon;
}
