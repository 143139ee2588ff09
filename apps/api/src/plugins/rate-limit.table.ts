export interface RateLimitTable {
  /** What is limited, e.g. 'login-ip-identifier'. */
  bucket: string;
  /** Who is limited, e.g. '203.0.113.9|cliente@farmacia.demo'. */
  key: string;
  window_start: string;
  hits: number;
}

export interface RateLimitTables {
  rate_limits: RateLimitTable;
}
